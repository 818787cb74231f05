import { PLANS } from './plans';
import { PROFILE_FACET_FIELDS, STARTING_PRICE_FIELD } from './profile-facets';

// What the employer plan adds, written once for every surface: the web, the public API and MCP
// (docs/employer-tools.md, "The paid boundary"). Visitors search by words, category, role and
// pricing tier; an active employer (signed in, or with an API key) also narrows and counts by
// provider and by the structured profile's facts (integration, language, deployment,
// certification, free trial), bounds the starting price per month and the monthly price, sorts by
// monthly price, compares agents and contacts providers. The server
// enforces it (server/src/policies/paid-search-params.ts, server/src/mcp/caller.ts); the client
// and the "For AI assistants" page read it from here.

/** Facets anyone may count and filter by. */
export const FREE_FACETS = ['category', 'role', 'pricing'] as const;
/** Facets (and facet filters) of the employer plan: the provider and every profile fact. */
export const PAID_FACETS = ['provider', ...PROFILE_FACET_FIELDS] as const;
/** Numeric filters (ranges) of the employer plan: every one the search takes. */
export const PAID_NUMERIC_FILTERS = ['price_monthly', STARTING_PRICE_FIELD] as const;
/** Sort orders of the employer plan (InstantSearch index names `agents_price_asc`, `agents_price_desc`). */
export const PAID_SORTS = ['price_asc', 'price_desc'] as const;

/** MCP tools listed and answered only for an employer API key. */
export const PAID_MCP_TOOLS = ['compare_agents'] as const;
/** Arguments of public MCP tools that only an employer API key may send. */
export const PAID_MCP_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  search_agents: [
    'max_price_monthly',
    'integrations',
    'languages',
    'deployment',
    'certifications',
    'free_trial',
    'max_starting_price_monthly',
  ],
};

const employerPlan = `an active employer subscription ($${PLANS.employer.priceUsd}/month)`;

/**
 * The public search's refusal: which paid parts were asked for and where they are offered.
 * `parts` name them for people ("Filtering by provider", "Sorting by price").
 */
export function paidSearchMessage(parts: readonly string[]): string {
  const named = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${named} ${parts.length === 1 ? 'needs' : 'need'} ${employerPlan}. The public search takes words, category, role and pricing tier; employers search with every filter and sort (provider; the facts of agent profiles: integration, language, deployment, certification, free trial, starting price per month; price ranges and price sorts) at POST /api/employer/instantsearch/multi-search (signed in, or with an employer API key).`;
}

/** What an MCP client without a key is told when it calls a paid tool or sends a paid argument. */
export function paidToolMessage(what: string): string {
  return `${what} is part of the employer plan: it needs an employer API key (${employerPlan}), sent as "Authorization: Bearer <key>". Employers create keys in their dashboard.`;
}
