import { PLANS } from './plans';

// What the employer plan adds, written once for every surface: the web, the public API and MCP
// (docs/employer-tools.md, "The paid boundary"). Visitors search by words, category, role and
// pricing tier; an active employer (signed in, or with an API key) also narrows and counts by
// provider, bounds and sorts by monthly price, compares agents and contacts providers. The server
// enforces it (server/src/policies/paid-search-params.ts, server/src/mcp/caller.ts); the client
// and the "For AI assistants" page read it from here.

/** Facets anyone may count and filter by. */
export const FREE_FACETS = ['category', 'role', 'pricing'] as const;
/** Facets (and facet filters) of the employer plan. */
export const PAID_FACETS = ['provider'] as const;
/** Sort orders of the employer plan (InstantSearch index names `agents_price_asc`, `agents_price_desc`). */
export const PAID_SORTS = ['price_asc', 'price_desc'] as const;

/** MCP tools listed and answered only for an employer API key. */
export const PAID_MCP_TOOLS = ['compare_agents'] as const;
/** Arguments of public MCP tools that only an employer API key may send. */
export const PAID_MCP_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  search_agents: ['max_price_monthly'],
};

const employerPlan = `an active employer subscription ($${PLANS.employer.priceUsd}/month)`;

/**
 * The public search's refusal: which paid parts were asked for and where they are offered.
 * `parts` name them for people ("Filtering by provider", "Sorting by price").
 */
export function paidSearchMessage(parts: readonly string[]): string {
  const named = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${named} ${parts.length === 1 ? 'needs' : 'need'} ${employerPlan}. The public search takes words, category, role and pricing tier; employers search with every filter and sort at POST /api/employer/instantsearch/multi-search (signed in, or with an employer API key).`;
}

/** What an MCP client without a key is told when it calls a paid tool or sends a paid argument. */
export function paidToolMessage(what: string): string {
  return `${what} is part of the employer plan: it needs an employer API key (${employerPlan}), sent as "Authorization: Bearer <key>". Employers create keys in their dashboard.`;
}
