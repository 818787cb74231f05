import { agentIdentityKey } from '@agentry/domain/agent';
import { normalizePricing } from '@agentry/domain/pricing';
import type { AgentCreate, AgentPatch } from './port';

// What every adapter derives the same way when it writes an agent: the identity key that makes
// imports idempotent and the pricing class read from the free-text cost.

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

/** The full set of columns for a new agent, with defaults for what the input leaves out. */
export function newAgentColumns(input: AgentCreate, now: string) {
  return {
    name: input.name,
    provider: input.provider,
    category: input.category,
    role: input.role,
    description: input.description,
    cost: input.cost,
    address: input.address,
    email: input.email ?? null,
    status: input.status ?? null,
    owner_id: input.owner_id ?? null,
    removed: false,
    created_at: now,
    updated_at: now,
    ...deriveAgentFields(input),
  };
}

/** Only the keys a patch may change; undefined values are ignored, null clears optional fields. */
export function patchKeys(patch: AgentPatch): Array<keyof AgentPatch> {
  const allowed: Array<keyof AgentPatch> = [
    'name',
    'provider',
    'category',
    'role',
    'description',
    'cost',
    'address',
    'email',
    'status',
    'owner_id',
    'removed',
  ];
  return allowed.filter((key) => patch[key] !== undefined);
}
