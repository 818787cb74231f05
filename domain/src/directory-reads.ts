import { lastPageNumber, pageNumberOf } from './page-numbers';
import { PROVIDER_PAGE_SIZE } from './provider-page';
import { LIST_PAGE, SEARCH_MAX_DEPTH } from './request-bounds';
import { DIRECTORY_STRUCTURED_DATA_COUNT } from './seo';

// The directory's reads (GET paths with their queries), written once: the client asks the API with
// them, and the server, rendering a directory page's first view (issue 25), keys the answers it
// puts in the page by them, so the browser finds each answer under the path it would have asked.

/** Agents of a category per page: a screenful or two, more with "Show more". */
export const CATEGORY_PAGE_SIZE = 24;
/**
 * Agents of one role per page, as many as a category's: the page's HTML carries the first page,
 * and the API's default (SEARCH_PAGE_MAX, 100) made a role's page 215 kB of HTML against a
 * category's 59 kB (16 kB gzipped against 6.6; a slower first paint on a phone).
 */
export const ROLE_PAGE_SIZE = CATEGORY_PAGE_SIZE;

/** The deepest `?page=` of a category: as deep as GET /api/directory/agents pages. */
export const CATEGORY_PAGE_NUMBER_MAX = lastPageNumber(CATEGORY_PAGE_SIZE, LIST_PAGE.maxOffset);
/** The deepest `?page=` of a role: a whole page within search's depth (SEARCH_MAX_DEPTH). */
export const ROLE_PAGE_NUMBER_MAX = Math.floor(SEARCH_MAX_DEPTH / ROLE_PAGE_SIZE);

/**
 * The page of a category's agents (or, with `role`, of a role's) that `?page=` names on /directory
 * (issue 25: "Show more" is a link to the next page): the server renders it and the client reads
 * it alike, so the answer the HTML carries is the one the client looks for.
 */
export function directoryPageNumber(value: unknown, role: boolean): number {
  return pageNumberOf(value, role ? ROLE_PAGE_NUMBER_MAX : CATEGORY_PAGE_NUMBER_MAX);
}

/** How many agents of the selection come before page `page`. */
export const directoryPageOffset = (page: number, role: boolean): number =>
  (page - 1) * (role ? ROLE_PAGE_SIZE : CATEGORY_PAGE_SIZE);

const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

export const CATEGORIES_PATH = '/api/categories';
/** GET /api/signals: most compared and trending, under every directory page. */
export const SIGNALS_PATH = '/api/signals';

/** GET /api/roles?category= */
export const rolesPath = (category: string) => withQuery('/api/roles', { category });

/** GET /api/directory/counts: per category, or per role of `category`. */
export const directoryCountsPath = (category: string) =>
  withQuery('/api/directory/counts', category ? { category } : {});

/** GET /api/directory/agents: `limit` agents of `category` (all without one) from `offset`. */
export function directoryAgentsPath(category: string, limit: number, offset = 0): string {
  const params: Record<string, string> = category
    ? { category, limit: String(limit) }
    : { limit: String(limit) };
  if (offset > 0) params.offset = String(offset);
  return withQuery('/api/directory/agents', params);
}

/** The directory overview's first agents, for its structured data. */
export const overviewAgentsPath = () => directoryAgentsPath('', DIRECTORY_STRUCTURED_DATA_COUNT);

/** GET /api/search-by-role: ROLE_PAGE_SIZE agents of `role` in `category` from `offset`. */
export function roleAgentsPath(role: string, category: string, offset = 0): string {
  const params: Record<string, string> = { role, category, limit: String(ROLE_PAGE_SIZE) };
  if (offset > 0) params.offset = String(offset);
  return withQuery('/api/search-by-role', params);
}

/** GET /api/providers/{slug}: one page (PROVIDER_PAGE_SIZE) of the provider's agents from `offset`. */
export function providerPath(slug: string, offset = 0): string {
  const params: Record<string, string> = { limit: String(PROVIDER_PAGE_SIZE) };
  if (offset > 0) params.offset = String(offset);
  return withQuery(`/api/providers/${encodeURIComponent(slug)}`, params);
}

/**
 * Whether `value` is one of `known` (the categories, or a category's roles, the API lists): the
 * store matches them without regard to case, so the directory does too. An unknown one is a page
 * that is not there (404), not an empty list.
 */
export const isListed = (known: readonly string[], value: string): boolean => {
  const wanted = value.toLowerCase();
  return known.some((name) => name.toLowerCase() === wanted);
};
