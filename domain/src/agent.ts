import type { AgentTrust } from './agent-trust';
import { TRUST_FIELDS } from './agent-trust';
import type { PublicAgent as PresentedAgent } from './contract/agents';

// The Agent entity of spec section 3: its fields, the record the store keeps, the labels people
// read. The views of it the API answers are in contract/agents.ts.

export const AGENT_FIELDS = [
  'name',
  'provider',
  'category',
  'role',
  'description',
  'cost',
  'address',
] as const;
export type AgentField = (typeof AGENT_FIELDS)[number];

/** The pricing classes read from the free-text cost (domain/pricing.ts). */
export const PRICINGS = ['free', 'freemium', 'paid', 'contact', 'unknown'] as const;
export type Pricing = (typeof PRICINGS)[number];

/**
 * What anyone may see about an agent (email, owner, status and the removed flag stay private),
 * as the store and the search index hold it: the API's public view (contract/agents.ts, built from
 * AGENT_FIELDS), except that the trust signals (agent-trust.ts) are optional here, because a search
 * index built before them holds none; public answers always carry them (publicTrust).
 */
export type PublicAgent = Omit<PresentedAgent, keyof AgentTrust> & Partial<AgentTrust>;

/** What anyone may see: the presenter and the search document show these and nothing else. */
export const PUBLIC_AGENT_FIELDS = [
  'id',
  ...AGENT_FIELDS,
  'pricing',
  'price_monthly',
  ...TRUST_FIELDS,
] as const satisfies ReadonlyArray<keyof PublicAgent>;

type PublicPick = Pick<PublicAgent, (typeof PUBLIC_AGENT_FIELDS)[number]>;

/**
 * The public fields of an agent and nothing else. Returning the pick as a PublicAgent makes the
 * compiler say when PublicAgent gains a field that the list lacks.
 */
export function pickPublicFields(agent: PublicAgent): PublicAgent {
  // Field by field rather than Object.fromEntries: a search answered by the store makes a thousand
  // of these on the request thread, and fromEntries took 3-4 times as long (issue 24).
  const picked: Partial<Record<keyof PublicPick, unknown>> = {};
  for (const field of PUBLIC_AGENT_FIELDS) picked[field] = agent[field];
  return picked as PublicPick;
}

/**
 * Why an agent is not listed yet (docs/accounts.md, ownership): registered without an e-mail
 * address, it waits for staff review; registered under an address by anyone but that address's
 * signed-in, confirmed account, it waits for a link sent to the address to be opened. A held agent
 * is also `removed`, so no public surface can show it.
 */
export const AGENT_HOLDS = ['review', 'claim'] as const;
export type AgentHold = (typeof AGENT_HOLDS)[number];

/** The record as the store keeps it. */
export interface Agent extends PublicAgent {
  email: string | null;
  status: string | null;
  removed: boolean;
  /** Not listed until staff review it or its address confirms it; null once listed or removed for good. */
  held_for: AgentHold | null;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
}

/** The fields a person or an import supplies for a new agent. */
export type AgentInput = Record<AgentField, string> & { email?: string | null };

export const FIELD_LABELS: Record<AgentField | 'email' | 'status' | 'newCategory' | 'newRole', string> = {
  email: 'Email',
  name: 'Name',
  provider: 'Provider',
  category: 'Category',
  role: 'Role',
  description: 'Description',
  cost: 'Cost',
  address: 'Address',
  status: 'Status',
  newCategory: 'New category',
  newRole: 'New role',
};

/**
 * Import identity: an agent is the same agent when its name and provider match after decoding
 * entities, lower-casing and collapsing white space. Names alone are not unique (two products
 * can share one), so the provider is part of the key.
 */
export function agentIdentityKey(name: string, provider: string): string {
  return `${normalizeForIdentity(name)}\u0000${normalizeForIdentity(provider)}`;
}

function normalizeForIdentity(text: string): string {
  return decodeForKey(text).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

// Local decode keeps this module free of imports the client would not tree-shake.
function decodeForKey(text: string): string {
  return text
    .replace(/&amp;/gi, '&')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&quot;/gi, '"');
}
