import type { Agent } from '@agentry/domain/agent';
import { AGENT_FIELDS, type AgentField } from '@agentry/domain/agent';
import type { AuditEntry, Subscriber } from '@agentry/domain/contract/admin';
import type { AdminAgent } from '@agentry/domain/contract/agents';
import type { User } from '@agentry/platform/store/port';

// What staff see. Explicit lists, as for every presenter: no password hash, owner id or payment id.

export function presentAdminAgent(agent: Agent): AdminAgent {
  return {
    id: agent.id,
    ...(Object.fromEntries(AGENT_FIELDS.map((field) => [field, agent[field]])) as Pick<Agent, AgentField>),
    email: agent.email,
    status: agent.status,
    removed: agent.removed,
    /** Why a removed agent is not listed yet: 'review' (staff), 'claim' (its address); null otherwise. */
    held_for: agent.held_for,
    created_at: agent.created_at,
    updated_at: agent.updated_at,
  };
}

export function presentSubscriber(
  user: User,
  counts: { agent_count: number; active_agent_count: number },
): Subscriber {
  return {
    id: user.id,
    full_name: user.full_name,
    email: user.email,
    organization: user.organization,
    phone: user.phone,
    user_type: user.user_type,
    subscription_status: user.subscription_status,
    created_at: user.created_at,
    ...counts,
  };
}

/** The store keeps an entry in the shape the API answers (AuditEntry is the contract's). */
export const presentAuditEntry = (entry: AuditEntry): AuditEntry => entry;
