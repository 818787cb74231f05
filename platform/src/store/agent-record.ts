import { AGENT_FIELDS, type Agent, agentIdentityKey } from '@agentry/domain/agent';
import { normalizePricing } from '@agentry/domain/pricing';
import { pageOf } from './page';
import { AGENT_LIST_MAX, type AgentCreate, type AgentListOptions, type AgentPatch } from './port';

// The agent record's field lists, all built from the spec's fields in domain/ (AGENT_FIELDS), so
// that a new field is written once; and what every adapter derives the same way when it writes an
// agent: the identity key that makes imports idempotent and the pricing class read from the cost.

/** What a write supplies: the spec's fields and the private ones (optional, null when left out). */
export const AGENT_INPUT_FIELDS = [
  ...AGENT_FIELDS,
  'email',
  'status',
  'owner_id',
  'held_for',
] as const satisfies ReadonlyArray<keyof AgentCreate>;

/** What update() may change. */
export const AGENT_PATCH_FIELDS = [...AGENT_INPUT_FIELDS, 'removed'] as const satisfies ReadonlyArray<
  keyof AgentPatch
>;

/** Every field of the record but its id, as the adapters store and read them. */
export const AGENT_RECORD_FIELDS = [
  ...AGENT_PATCH_FIELDS,
  'pricing',
  'price_monthly',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof Agent>;
export type AgentRecordField = (typeof AGENT_RECORD_FIELDS)[number];

export interface DerivedAgentFields {
  identity_key: string;
  pricing: string;
  price_monthly: number | null;
}

export function deriveAgentFields(agent: {
  name: string;
  provider: string;
  cost: string;
}): DerivedAgentFields {
  const { pricing, price_monthly } = normalizePricing(agent.cost);
  return { identity_key: agentIdentityKey(agent.name, agent.provider), pricing, price_monthly };
}

export type NewAgentColumns = Omit<Agent, 'id' | 'pricing'> & DerivedAgentFields;

/** The full set of columns for a new agent, with null for the optional fields the input leaves out. */
export function newAgentColumns(input: AgentCreate, now: string): NewAgentColumns {
  const supplied = Object.fromEntries(AGENT_INPUT_FIELDS.map((field) => [field, input[field] ?? null]));
  return {
    ...(supplied as Pick<Agent, (typeof AGENT_INPUT_FIELDS)[number]>),
    // A held agent is removed: no public read, search or page can show it.
    removed: Boolean(input.held_for),
    created_at: now,
    updated_at: now,
    ...deriveAgentFields(input),
  };
}

/**
 * The hold after a change, the same in every adapter: an agent listed again (removed: false, staff
 * restoring it or a claim) is held for nothing any more, and a held agent stays removed.
 */
export function settleHold(next: Agent, patch: AgentPatch): Agent {
  if (patch.removed === false && patch.held_for === undefined) return { ...next, held_for: null };
  return next.held_for ? { ...next, removed: true } : next;
}

/** Only the keys a patch may change; undefined values are ignored, null clears optional fields. */
export function patchKeys(patch: AgentPatch): Array<keyof AgentPatch> {
  return AGENT_PATCH_FIELDS.filter((key) => patch[key] !== undefined);
}

/**
 * The page list() answers, the same in every adapter: a whole number of agents from 0 to
 * AGENT_LIST_MAX (the default), after a whole, non-negative offset. Anything else is brought into
 * range rather than refused: the API validates what it is sent, this only keeps the store bounded.
 */
export function listPage(options: AgentListOptions): { limit: number; offset: number } {
  return pageOf(options, AGENT_LIST_MAX);
}
