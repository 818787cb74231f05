import { lastPageNumber, pageNumberOf, withPageNumber } from './page-numbers';
import { ROUTES, routePath } from './routes';
import { isActiveSubscription } from './subscription';

// Whether a provider has a page and where it is (issue 25), in one place: the $5 plan's
// dedicated page exists while a provider account is subscribed and has its address (slug). Read
// by GET /api/providers/{slug}, by the agent page and by every agent the store answers (the
// `provider_page` of search hits, cards and MCP answers), so the link on a card and the page it
// leads to can never disagree.

export interface PageOwner {
  user_type: string;
  subscription_status: string;
  slug: string | null;
}

/** Whether this account's provider page is shown. */
export const hasProviderPage = (owner: PageOwner | null | undefined): owner is PageOwner & { slug: string } =>
  owner?.user_type === 'agent_provider' && isActiveSubscription(owner.subscription_status) && !!owner.slug;

/** The path of its provider page (/providers/{slug}), or null when it has none. */
export function providerPagePath(owner: PageOwner | null | undefined): string | null {
  return hasProviderPage(owner) ? routePath(ROUTES.provider, { slug: owner.slug }) : null;
}

/**
 * A provider page shows its agents this many at a time (issue 25): the page's HTML carries one
 * such page of the API's answer, and "Show more" is a link to the next (`?page=2`), followed
 * without JavaScript and appended in place with it. As many as a directory category shows.
 */
export const PROVIDER_PAGE_SIZE = 24;

/**
 * The API's bounds for a provider's agents (GET /api/providers/{slug}?limit=&offset=): a page by
 * default, 100 at most, and no deeper than a million (a provider lists far fewer).
 */
export const PROVIDER_PAGE_QUERY = {
  defaultLimit: PROVIDER_PAGE_SIZE,
  maxLimit: 100,
  maxOffset: 1_000_000,
} as const;

/** The last page number `?page=` may name: as deep as the API pages. */
export const PROVIDER_PAGE_NUMBER_MAX = lastPageNumber(PROVIDER_PAGE_SIZE, PROVIDER_PAGE_QUERY.maxOffset);

/**
 * The page number `?page=` names on /providers/{slug}: a whole number from 1 to
 * PROVIDER_PAGE_NUMBER_MAX, else 1 (a mistyped address still shows the provider). The server and
 * the client read it the same way, so the answer the HTML carries is the one the client looks for.
 */
export function providerPageNumber(value: unknown): number {
  return pageNumberOf(value, PROVIDER_PAGE_NUMBER_MAX);
}

/** How many of the provider's agents come before page `page`. */
export const providerPageOffset = (page: number): number => (page - 1) * PROVIDER_PAGE_SIZE;

/** The address of page `page` of a provider's page: /providers/{slug}, then ?page=N from 2 on. */
export function providerPageHref(slug: string, page: number): string {
  return withPageNumber(routePath(ROUTES.provider, { slug }), page);
}
