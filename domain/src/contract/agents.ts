import { z } from 'zod';
import { AGENT_FIELDS, AGENT_HOLDS, type AgentField, PRICINGS } from '../agent';
import type { AgentTrust as AgentTrustFields } from '../agent-trust';
import { MAX_LENGTHS } from '../input-lengths';
import { RATING_SHOWN_FROM } from '../reviews';
import { SITE_STATES } from '../site-check';
import { AgentProfile } from './profiles';
import { fieldsShape, timestamp } from './shapes';

// The three views of an agent the API answers (the record itself, domain/agent.ts's Agent, never
// leaves the server): the public one, the provider's own, the staff's. Each is built from
// AGENT_FIELDS, so a field added there appears in every view, in the presenters' return types and
// in docs/openapi.yaml's schemas without another edit here.

/** What each of the spec's fields holds, for the API description. */
export const AGENT_FIELD_DESCRIPTIONS: Record<AgentField, string> = {
  name: 'The product’s name.',
  provider: 'Who makes the agent.',
  category: 'The field it works in.',
  role: 'The human role the agent fills or assists.',
  description: 'What it does.',
  cost: 'Free text, e.g. "Free" or "$20/month".',
  address: 'The agent’s own website (with https://).',
};

/** The spec's fields as answered: text, at most the field's length. */
export const agentFields = fieldsShape(AGENT_FIELDS, (field) =>
  z.string().meta({ maxLength: MAX_LENGTHS[field], description: AGENT_FIELD_DESCRIPTIONS[field] }),
);

export const Pricing = z
  .enum(PRICINGS)
  .meta({ description: 'The pricing model read from the free-text cost.' });

export const SiteState = z.enum(SITE_STATES).meta({
  description:
    'up: its website answered the last check; down: two failed checks in a row or more; unknown: its robots.txt keeps the checker out; unchecked: not checked yet.',
});

/**
 * The trust signals every public answer carries (domain/agent-trust.ts: derived by the site, none
 * of it for sale). Checked against AgentTrust, so the two cannot part.
 */
export const agentTrust = {
  verified_domain: z.string().nullable().meta({
    description:
      'The domain its provider proved control of (DNS TXT, a file or a meta tag), covering the agent’s website; null when none does.',
  }),
  site_state: SiteState,
  site_since: timestamp.nullable().meta({ description: 'Since when site_state holds.' }),
  rating_average: z
    .number()
    .min(1)
    .max(5)
    .nullable()
    .meta({
      description: `Average of the readable reviews, to one decimal; null under ${RATING_SHOWN_FROM} reviews.`,
    }),
  rating_count: z.number().int().min(0).meta({ description: 'Readable reviews by employers who hired it.' }),
  logo: z
    .string()
    .regex(/^\/api\/logos\/[0-9a-f]{64}$/)
    .nullable()
    .meta({
      description:
        'Its logo, served by this site (GET /api/logos/{hash}: its website’s icon or a picture its provider uploaded); null when it has none.',
    }),
  provider_page: z
    .string()
    .regex(/^\/providers\/[^/?#]+$/)
    .nullable()
    .meta({
      description:
        'The path of its provider’s page (/providers/{slug}) while the provider that owns it has one (a subscribed provider); null otherwise.',
    }),
};
export const AgentTrust: z.ZodType<AgentTrustFields> = z.strictObject(agentTrust);

/** What anyone may see about an agent. E-mail, owner, status and the removed flag stay private. */
export const PublicAgent = z
  .strictObject({
    id: z.string(),
    ...agentFields,
    pricing: Pricing,
    price_monthly: z
      .number()
      .nullable()
      .meta({ description: 'The monthly price in USD when the cost states one.' }),
    ...agentTrust,
  })
  .meta({ description: 'The public view of an agent (e-mail, owner and status are never shown).' });
export type PublicAgent = z.infer<typeof PublicAgent>;

export const AgentList = z.array(PublicAgent);

/**
 * GET /api/agents/{id}: the agent and its structured profile (issue 28; domain/agent-profile.ts),
 * where its provider's name leads (issue 25), and whether its provider usually replies within a day (issue 28).
 */
export const AgentPage = PublicAgent.extend({
  profile: AgentProfile,
  replies_within_day: z.boolean().meta({
    description:
      'True when its provider usually answers requests within a day, from real replies: at least 5 employers, one request each, more than half answered within a day (issue 28). False when not, or when there are too few requests to say.',
  }),
});
export type AgentPage = z.infer<typeof AgentPage>;
export type AgentList = z.infer<typeof AgentList>;

/** A provider's view of their own agent: the public fields plus the e-mail and the staff's status. */
export const OwnAgent = PublicAgent.extend({
  email: z.string().nullable(),
  status: z.string().nullable().meta({ description: 'Free text set by staff.' }),
  updated_at: timestamp,
});
export type OwnAgent = z.infer<typeof OwnAgent>;

/** What staff see: every field, removed and held agents included; no owner id. */
export const AdminAgent = z.strictObject({
  id: z.string(),
  ...agentFields,
  email: z.string().nullable(),
  status: z.string().nullable(),
  removed: z.boolean(),
  held_for: z.enum(AGENT_HOLDS).nullable().meta({
    description:
      'Why a removed agent is not listed yet: `review` (registered without an address, in the review queue), `claim` (waits for a link sent to its address); null otherwise.',
  }),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AdminAgent = z.infer<typeof AdminAgent>;
