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
