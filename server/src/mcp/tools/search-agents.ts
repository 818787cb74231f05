import { MAX_LENGTHS } from '@agentry/domain/limits';
import type { FacetField, SearchRequest } from '@agentry/platform/search/port';
import { z } from 'zod';
import { countAppeared } from '../../analytics/count-hits';
import { MAX_QUERY_LENGTH } from '../../routes/api/search/schema';
import { agentLine, ListedAgentSchema, PricingSchema, presentListedAgent } from '../listed-agent';
import { defineTool } from './tool';

// search_agents: the site's search (GET /api/search) for assistants. Without filters it sends the
// search service exactly the request GET /api/search sends, so both answer the same agents in the
// same order; the filters are the free facets (category, role, pricing tier) and, for an employer
// API key, the employer search's price ceiling.

export const SEARCH_LIMIT = { default: 10, max: 50 } as const;

const filterText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} must not be blank; leave it out to search every ${field}`)
    .max(max, `${field} must be at most ${max} characters`);

export const searchAgentsTool = defineTool({
  name: 'search_agents',
  title: 'Search AI agents',
  description: (paid) =>
    'Find AI agents in the Agentry directory for a job described in plain words ("answer customer emails in Spanish", "bookkeeping for a small shop") or by an agent\'s name. ' +
    `Answers the best matches first, each with its id (for get_agent${paid ? ' and compare_agents' : ''}), provider, role, category, cost, pricing tier, website and its page URL on this site, which you can give the person. ` +
    `Narrow with category or role (exact names from list_categories and list_roles)${paid ? ', pricing tier, or a monthly price ceiling in USD.' : ' or pricing tier.'}`,
  input: {
    query: z
      .string({ error: 'query must be text: the job to be done, or the name of an agent' })
      .min(1, 'query must not be blank: describe the job, or name the agent')
      .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`)
      .refine((query) => query.trim() !== '', 'query must not be blank: describe the job, or name the agent')
      .describe('The job to be done in plain words, or the name of an agent'),
    category: filterText('category', MAX_LENGTHS.category)
      .optional()
      .describe('Only agents of this category, named as list_categories names it'),
    role: filterText('role', MAX_LENGTHS.role)
      .optional()
      .describe('Only agents that fill this role, named as list_roles names it'),
    pricing: PricingSchema.optional(),
    limit: z
      .number({ error: `limit must be a whole number from 1 to ${SEARCH_LIMIT.max}` })
      .int(`limit must be a whole number from 1 to ${SEARCH_LIMIT.max}`)
      .min(1, `limit must be a whole number from 1 to ${SEARCH_LIMIT.max}`)
      .max(SEARCH_LIMIT.max, `limit must be a whole number from 1 to ${SEARCH_LIMIT.max}`)
      .default(SEARCH_LIMIT.default)
      .describe(`How many agents to answer, ${SEARCH_LIMIT.default} unless given`),
  },
  // The employer plan's price ceiling (domain's PAID_MCP_ARGUMENTS): for API key holders only.
  paidInput: {
    max_price_monthly: z
      .number({ error: 'max_price_monthly must be a number of US dollars a month' })
      .min(0, 'max_price_monthly must be 0 or more')
      .max(1_000_000, 'max_price_monthly must be at most 1000000')
      .optional()
      .describe(
        'Only agents whose cost states a monthly price in USD at most this (0 for free ones); agents without a stated price are left out',
      ),
  },
  output: {
    query: z.string(),
    total: z
      .number()
      .int()
      .min(0)
      .describe('How many agents match in all (the answer holds the first `limit`)'),
    agents: z.array(ListedAgentSchema).describe('Best match first'),
  },
  async run(
    { query, category, role, pricing, max_price_monthly, limit },
    { search, origin, analytics, caller },
  ) {
    const filters: Partial<Record<FacetField, string[]>> = {};
    if (category) filters.category = [category];
    if (role) filters.role = [role];
    if (pricing) filters.pricing = [pricing];
    const request: SearchRequest = { query, hitsPerPage: limit };
    if (Object.keys(filters).length > 0) request.filters = filters;
    // A visitor's schema has no such argument; checked again here all the same.
    if (max_price_monthly !== undefined && caller.paid) request.priceMonthly = { max: max_price_monthly };

    const { response } = await search.search(request);
    // Provider analytics: an agent shown to an assistant appeared in search results, as on the site.
    countAppeared(analytics, response.hits, caller.audience);
    const agents = response.hits.map((hit) => presentListedAgent(hit.document, origin));
    const text =
      agents.length === 0
        ? `No agents match "${query}"${request.filters || request.priceMonthly ? ' with these filters' : ''}. Try other words or fewer filters.`
        : [
            `${response.totalHits} agents match "${query}"; the best ${agents.length}:`,
            ...agents.map((agent, index) => `${index + 1}. ${agentLine(agent)}`),
          ].join('\n');
    return { structured: { query, total: response.totalHits, agents }, text };
  },
});
