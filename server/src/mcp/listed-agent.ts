import { normalizeAddress } from '@agentry/domain/address';
import { AGENT_FIELDS, type Agent, type AgentField, PRICINGS, type PublicAgent } from '@agentry/domain/agent';
import { fieldsShape } from '@agentry/domain/contract/shapes';
import { decodeEntities } from '@agentry/domain/html-entities';
import { RATING_SHOWN_FROM } from '@agentry/domain/reviews';
import { absoluteUrl } from '@agentry/domain/seo';
import { SITE_STATES } from '@agentry/domain/site-check';
import { z } from 'zod';
import { presentAgent } from '../presenters/agent';

// An agent as the MCP tools answer it: the public fields of the API's presenter (never e-mail,
// owner or status), text as people read it (entities decoded, the address with its https://), and
// the absolute URL of its page on this site, which an assistant can hand to the person.

export const PricingSchema = z
  .enum(PRICINGS)
  .describe('Pricing tier read from the cost: free, freemium, paid, contact (contact sales) or unknown');

/** How an assistant should read each of the spec's fields (built from AGENT_FIELDS, like the API's views). */
const FIELD_DESCRIPTIONS: Partial<Record<AgentField, string>> = {
  provider: 'Who makes the agent',
  role: 'The human role the agent fills or assists',
  cost: 'The cost as the provider states it',
  address: "The agent's own website",
};

export const ListedAgentSchema = z.object({
  id: z.string().describe('The agent id, for get_agent and compare_agents'),
  ...fieldsShape(AGENT_FIELDS, (field) => {
    const description = FIELD_DESCRIPTIONS[field];
    return description ? z.string().describe(description) : z.string();
  }),
  pricing: PricingSchema,
  price_monthly: z
    .number()
    .nullable()
    .describe('Monthly price in USD read from the cost, 0 when free, null when the cost states none'),
  page_url: z.string().describe("The agent's page on this directory"),
  // Trust signals (issue 26): derived by the directory, none of them for sale.
  verified_domain: z
    .string()
    .nullable()
    .describe(
      "The domain its provider proved control of (DNS, file or meta tag), covering the agent's website; null: not verified",
    ),
  site_state: z
    .enum(SITE_STATES)
    .describe(
      "Whether the agent's website answered the directory's link checker: up, down (two failures in a row), unknown (robots.txt keeps the checker out) or unchecked",
    ),
  site_since: z.string().nullable().describe('Since when site_state holds (ISO 8601)'),
  rating_average: z
    .number()
    .nullable()
    .describe(
      `Average rating (1 to 5) by employers who hired it; null until it has ${RATING_SHOWN_FROM} reviews`,
    ),
  rating_count: z.number().describe('How many reviews by employers it has'),
  logo: z
    .string()
    .nullable()
    .describe("The agent's logo as this directory serves it (absolute URL); null when it has none"),
  provider_page: z
    .string()
    .nullable()
    .describe("The provider's page on this site (absolute URL), while the provider has one"),
});

export type ListedAgent = z.infer<typeof ListedAgentSchema>;

export const agentPageUrl = (origin: string, id: string) =>
  absoluteUrl(origin, `/agents/${encodeURIComponent(id)}`);

export function presentListedAgent(agent: PublicAgent | Agent, origin: string): ListedAgent {
  const fields = presentAgent(agent);
  const text = Object.fromEntries(
    AGENT_FIELDS.map((field) => [
      field,
      field === 'address' ? normalizeAddress(fields.address) : decodeEntities(fields[field]),
    ]),
  ) as Record<AgentField, string>;
  return {
    id: fields.id,
    ...text,
    pricing: fields.pricing,
    price_monthly: fields.price_monthly,
    page_url: agentPageUrl(origin, fields.id),
    verified_domain: fields.verified_domain,
    site_state: fields.site_state,
    site_since: fields.site_since,
    rating_average: fields.rating_average,
    rating_count: fields.rating_count,
    logo: fields.logo === null ? null : absoluteUrl(origin, fields.logo),
    provider_page: fields.provider_page === null ? null : absoluteUrl(origin, fields.provider_page),
  };
}

/** One line for the text rendering: name, maker, role and category, cost, page. */
export function agentLine(agent: ListedAgent): string {
  const trust = [
    agent.verified_domain ? `verified ${agent.verified_domain}` : null,
    agent.rating_average !== null ? `rated ${agent.rating_average}/5 by ${agent.rating_count}` : null,
    agent.site_state === 'down' ? 'site unreachable' : null,
  ].filter(Boolean);
  return `${agent.name} by ${agent.provider} (${agent.role}, ${agent.category}; ${agent.cost})${trust.length > 0 ? ` [${trust.join('; ')}]` : ''} [id ${agent.id}] ${agent.page_url}`;
}
