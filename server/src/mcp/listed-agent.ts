import { normalizeAddress } from '@agentry/domain/address';
import type { Agent, Pricing, PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';
import { PRICING_LABELS } from '@agentry/domain/pricing';
import { RATING_SHOWN_FROM } from '@agentry/domain/reviews';
import { absoluteUrl } from '@agentry/domain/seo';
import { z } from 'zod';
import { presentAgent } from '../presenters/agent';

// An agent as the MCP tools answer it: the public fields of the API's presenter (never e-mail,
// owner or status), text as people read it (entities decoded, the address with its https://), and
// the absolute URL of its page on this site, which an assistant can hand to the person.

const PRICINGS = Object.keys(PRICING_LABELS) as [Pricing, ...Pricing[]];

export const PricingSchema = z
  .enum(PRICINGS)
  .describe('Pricing tier read from the cost: free, freemium, paid, contact (contact sales) or unknown');

export const ListedAgentSchema = z.object({
  id: z.string().describe('The agent id, for get_agent and compare_agents'),
  name: z.string(),
  provider: z.string().describe('Who makes the agent'),
  category: z.string(),
  role: z.string().describe('The human role the agent fills or assists'),
  description: z.string(),
  cost: z.string().describe('The cost as the provider states it'),
  pricing: PricingSchema,
  price_monthly: z
    .number()
    .nullable()
    .describe('Monthly price in USD read from the cost, 0 when free, null when the cost states none'),
  address: z.string().describe("The agent's own website"),
  page_url: z.string().describe("The agent's page on this directory"),
  // Trust signals (issue 26): derived by the directory, none of them for sale.
  verified_domain: z
    .string()
    .nullable()
    .describe(
      "The domain its provider proved control of (DNS, file or meta tag), covering the agent's website; null: not verified",
    ),
  site_state: z
    .enum(['up', 'down', 'unknown', 'unchecked'])
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
});

export type ListedAgent = z.infer<typeof ListedAgentSchema>;

export const agentPageUrl = (origin: string, id: string) =>
  absoluteUrl(origin, `/agents/${encodeURIComponent(id)}`);

export function presentListedAgent(agent: PublicAgent | Agent, origin: string): ListedAgent {
  const fields = presentAgent(agent);
  return {
    id: fields.id,
    name: decodeEntities(fields.name),
    provider: decodeEntities(fields.provider),
    category: decodeEntities(fields.category),
    role: decodeEntities(fields.role),
    description: decodeEntities(fields.description),
    cost: decodeEntities(fields.cost),
    pricing: fields.pricing,
    price_monthly: fields.price_monthly,
    address: normalizeAddress(fields.address),
    page_url: agentPageUrl(origin, fields.id),
    verified_domain: fields.verified_domain,
    site_state: fields.site_state,
    site_since: fields.site_since,
    rating_average: fields.rating_average,
    rating_count: fields.rating_count,
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
