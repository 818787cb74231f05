// What one request may ask for and carry (spec section 9, issue 21): page sizes and depths of
// lists and searches, the query's length, the searches of a multi-search and the messages of an MCP
// batch. Every list answer is bounded by these, in the browser and on the server alike.

/**
 * Lists of agents answer a page at a time (GET /api/agents, GET /api/directory/agents): `limit`
 * agents, DEFAULT by default and MAX at most, after `offset` (0 up to MAX_OFFSET). The whole
 * catalog never leaves in one answer.
 */
export const LIST_PAGE = { defaultLimit: 100, maxLimit: 500, maxOffset: 10_000_000 } as const;

/**
 * Search answers (GET /api/search, /api/search-by-role, the InstantSearch endpoint) hold at most
 * this many agents, and no search pages deeper than SEARCH_MAX_DEPTH results (Meilisearch's
 * maxTotalHits).
 */
export const SEARCH_PAGE_MAX = 100;
export const SEARCH_MAX_DEPTH = 10_000;
/**
 * InstantSearch pages reach no deeper than this many results (Algolia's own paginationLimitedTo
 * default): ranking 100,000 results for page 1,000 would hold the event loop for everyone.
 */
export const INSTANTSEARCH_MAX_DEPTH = 1_000;

/**
 * The work one request may carry (issue 21, finding 1): a multi-search POST holds at most
 * MULTI_SEARCH_MAX_REQUESTS searches, each filtering on at most FACET_FILTER_VALUES_MAX facet values
 * (every value of every facet filter, OR-ed or AND-ed, the profile facts' as much as the spec
 * fields'); a POST to the MCP server holds at most
 * MCP_MAX_BATCH JSON-RPC messages. Each search and each message costs one read of the client's
 * per-minute budget, so a full multi-search costs 20 reads.
 */
export const MULTI_SEARCH_MAX_REQUESTS = 20;
export const FACET_FILTER_VALUES_MAX = 100;
/**
 * The most values one facet answers, the most used first: Meilisearch's maxValuesPerFacet, and the
 * embedded engine's cut for the profile facets, whose integrations are free text (one agent states
 * up to 20), so that their count never grows with the catalog.
 */
export const FACET_VALUES_MAX = 200;
export const MCP_MAX_BATCH = 10;

/** A search query's length at most, everywhere a query is taken (the API, InstantSearch, MCP). */
export const SEARCH_QUERY_MAX = 500;
export const SEARCH_QUERY_TOO_LONG = `query must be at most ${SEARCH_QUERY_MAX} characters`;

/**
 * The longest highlight tag a search may ask for (InstantSearch's own are 17 and 18 characters):
 * each is written around every matched word of every hit, so a 2,400-character pair made a
 * 99 kB multi-search answer 3 MB (session 14's attack).
 */
export const HIGHLIGHT_TAG_MAX = 64;
