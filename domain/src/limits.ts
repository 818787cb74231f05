// Business constants and limits of spec section 9, in one place for the client and the server.

export const PLAN_PRICES_USD = { agent_provider: 5, employer: 40 } as const;

export const PASSWORD_MIN_LENGTH = 8;
/** OWASP ASVS allows at least 64; we cap far above that only to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

export const MAX_LENGTHS = {
  email: 254,
  name: 100,
  provider: 100,
  category: 50,
  role: 100,
  description: 1000,
  cost: 50,
  address: 200,
} as const;

export const SANITISED_MAX_LENGTH = 1000;

export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const DOWNLOAD_FILE_NAME = 'ai_agents.xlsx';

export const SEARCH_BOX = { defaultHeightPx: 80, rows: 1, maxWidthPx: 584, focusDelayMs: 100 } as const;
export const ADMIN_REFRESH_DELAY_MS = 100;

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

/** Structured directory data (JSON-LD ItemList) covers this many agents. */
export const DIRECTORY_STRUCTURED_DATA_COUNT = 10;

export const INITIALS_MAX = 2;

export const LEGAL = {
  privacyReplyDays: 30,
  priceChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  minimumAge: 13,
} as const;

/**
 * The largest spreadsheet the admin upload takes. 10,000 agents as .xlsx weigh about 1.5 MB; the
 * room above that is for .xls (uncompressed) and wide descriptions.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'The file is too large: upload at most 10 MB at a time';

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
 * An employer team (issue 28): the employer plan includes this many seats, the subscriber's own
 * one included, so a subscriber invites up to TEAM_SEATS - 1 colleagues (members and pending
 * invitations together). Members ride on the subscriber's plan while they are members.
 */
export const TEAM_SEATS = 5;
/** How long an invitation link stays good, and the longest organisation name. */
export const TEAM_INVITATION_DAYS = 7;
export const ORGANIZATION_NAME_MAX = 100;

/**
 * Saved searches (issue 28): searches one employer may keep (the list answers them all), and the
 * most agents one digest e-mail names (the rest are counted, and the link opens the search).
 */
export const SAVED_SEARCHES_PER_OWNER_MAX = 25;
export const DIGEST_AGENTS_SHOWN_MAX = 10;
