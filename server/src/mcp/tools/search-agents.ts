import { CERTIFICATIONS, DEPLOYMENTS, LANGUAGE_CODES, PROFILE_LIMITS } from '@agentry/domain/agent-profile';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '@agentry/domain/contract/search';
import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { explanationText, type SearchSuggestions } from '@agentry/domain/search-match';
import type { FacetField, SearchRequest } from '@agentry/platform/search/port';
import { z } from 'zod';
import { countAppeared } from '../../analytics/count-hits';
import { agentLine, ListedAgentSchema, PricingSchema, presentListedAgent } from '../listed-agent';
import { defineTool } from './tool';

// search_agents: the site's search (GET /api/search) for assistants. Without filters it sends the
// search service exactly the request GET /api/search sends, so both answer the same agents in the
// same order; the filters are the free facets (category, role, pricing tier) and, for an employer
// API key, the employer search's price ceiling and the profile facts' filters (issue 28:
// integrations, languages, deployment, certifications, free trial, starting price per month). As on the site, the agents meeting the match floor
// come first and `total` counts only them; related agents follow, marked, and each agent says why
// it was found. A query with no close match says so, with what to try instead.

const SearchedAgentSchema = ListedAgentSchema.extend({
  match: z
    .boolean()
    .describe('True for a close match of the query; false for a related agent (listed after the matches)'),
  why: z
    .string()
    .describe(
      'Why it was found: the parts of the query it matched, and its role when that carried the match',
    ),
});

export const SEARCH_LIMIT = { default: 10, max: 50 } as const;

const filterText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} must not be blank; leave it out to search every ${field}`)
    .max(max, `${field} must be at most ${max} characters`);

/** The most values one profile filter takes (each list's, well under FACET_FILTER_VALUES_MAX in all). */
export const PROFILE_FILTER_VALUES_MAX = 10;

const valueList = <T extends z.ZodType<string>>(field: string, item: T) =>
  z
    .array(item, { error: `${field} must be a list` })
    .min(1, `${field} must not be empty; leave it out to take every agent`)
    .max(PROFILE_FILTER_VALUES_MAX, `${field} takes at most ${PROFILE_FILTER_VALUES_MAX} values`);

const choice = (field: string, values: readonly [string, ...string[]]) =>
  z.enum(values, { error: `${field} takes only ${values.join(', ')}` });

export const searchAgentsTool = defineTool({
  name: 'search_agents',
  title: 'Search AI agents',
  description: (paid) =>
    `Find AI agents in the ${PRODUCT_NAME} directory for a job described in plain words ("answer customer emails in Spanish", "bookkeeping for a small shop") or by an agent's name. ` +
    `Answers the best matches first, each with its id (for get_agent${paid ? ' and compare_agents' : ''}), provider, role, category, cost, pricing tier, website and its page URL on this site, which you can give the person. ` +
    `Narrow with category or role (exact names from list_categories and list_roles)${paid ? ", pricing tier, a monthly price ceiling in USD, or the facts of agents' profiles (integrations, languages, deployment, certifications, free trial, starting price per month)." : ' or pricing tier.'}`,
  input: {
    query: z
      .string({ error: 'query must be text: the job to be done, or the name of an agent' })
      .min(1, 'query must not be blank: describe the job, or name the agent')
      .max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG)
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
    integrations: valueList('integrations', filterText('integration', PROFILE_LIMITS.integrationLength))
      .optional()
      .describe('Only agents whose profile states one of these integrations (e.g. "Slack", "Zendesk")'),
    languages: valueList('languages', choice('languages', LANGUAGE_CODES as [string, ...string[]]))
      .optional()
      .describe('Only agents whose profile states one of these languages, as ISO 639-1 codes ("es", "de")'),
    deployment: valueList('deployment', choice('deployment', DEPLOYMENTS))
      .optional()
      .describe('Only agents deployed one of these ways'),
    certifications: valueList('certifications', choice('certifications', CERTIFICATIONS))
      .optional()
      .describe('Only agents whose provider claims one of these certifications'),
    free_trial: z
      .boolean({ error: 'free_trial must be true or false' })
      .optional()
      .describe('Only agents whose profile says they offer a free trial (true) or not (false)'),
    max_starting_price_monthly: z
      .number({ error: 'max_starting_price_monthly must be a number of US dollars a month' })
      .min(0, 'max_starting_price_monthly must be 0 or more')
      .max(1_000_000, 'max_starting_price_monthly must be at most 1000000')
      .optional()
      .describe(
        "Only agents whose profile's starting price, converted to US dollars per month, is at most this; agents stating none are left out",
      ),
  },
  output: {
    query: z.string(),
    total: z
      .number()
      .int()
      .min(0)
      .describe('How many agents match the query closely in all (the answer holds the first `limit`)'),
    agents: z
      .array(SearchedAgentSchema)
      .describe('Close matches, best first, then related agents (match false) when there are few'),
    suggestions: z
      .object({
        query: z.string().optional().describe('The query with a word read otherwise'),
        categories: z.array(z.string()).describe('Categories of the nearest agents, to browse'),
        roles: z.array(z.object({ role: z.string(), category: z.string() })).describe('Their roles'),
      })
      .optional()
      .describe('When nothing matches closely: what to try instead'),
  },
  async run(args, { search, origin, analytics, caller }) {
    const { query, category, role, pricing, max_price_monthly, limit } = args;
    const filters: Partial<Record<FacetField, string[]>> = {};
    if (category) filters.category = [category];
    if (role) filters.role = [role];
    if (pricing) filters.pricing = [pricing];
    const request: SearchRequest = { query, hitsPerPage: limit };
    // A visitor's schema has no such argument; checked again here all the same.
    if (caller.paid) {
      if (max_price_monthly !== undefined) request.priceMonthly = { max: max_price_monthly };
      if (args.max_starting_price_monthly !== undefined)
        request.startingPriceMonthly = { max: args.max_starting_price_monthly };
      for (const field of ['integrations', 'languages', 'deployment', 'certifications'] as const) {
        const values = args[field];
        if (values) filters[field] = [...values];
      }
      if (args.free_trial !== undefined) filters.free_trial = [String(args.free_trial)];
    }
    if (Object.keys(filters).length > 0) request.filters = filters;

    const { response } = await search.search(request);
    // Provider analytics: an agent shown to an assistant appeared in search results, as on the site.
    countAppeared(analytics, response.hits, caller.audience);
    const agents = response.hits.map((hit) => ({
      ...presentListedAgent(hit.document, origin),
      match: hit.why?.match ?? true,
      why: hit.why ? explanationText(hit.why) : '',
    }));
    const matches = agents.filter((agent) => agent.match);
    const related = agents.filter((agent) => !agent.match);
    const filtered =
      request.filters || request.priceMonthly || request.startingPriceMonthly ? ' with these filters' : '';
    const lines = (list: typeof agents, from: number) =>
      list.map(
        (agent, index) => `${from + index + 1}. ${agentLine(agent)}${agent.why ? ` — ${agent.why}` : ''}`,
      );
    const text = [
      response.matchCount === 0
        ? `No agent matches "${query}" closely${filtered}.${tryInstead(response.suggestions)}`
        : `${response.matchCount} agents match "${query}"${filtered}; the best ${matches.length}:`,
      ...lines(matches, 0),
      ...(related.length > 0
        ? ['Related agents (not close matches):', ...lines(related, matches.length)]
        : []),
    ].join('\n');
    const structured = { query, total: response.matchCount, agents };
    return {
      structured: response.suggestions ? { ...structured, suggestions: response.suggestions } : structured,
      text,
    };
  },
});

function tryInstead(suggestions: SearchSuggestions | undefined): string {
  if (!suggestions) return ' Try other words or fewer filters.';
  const tries = [
    ...(suggestions.query ? [`"${suggestions.query}"`] : []),
    ...suggestions.categories.map((category) => `the category ${category}`),
    ...suggestions.roles.map(({ role }) => `the role ${role}`),
  ];
  return tries.length > 0 ? ` Try ${tries.join(', ')}.` : ' Try other words or fewer filters.';
}
