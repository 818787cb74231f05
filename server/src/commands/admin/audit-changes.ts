import { AGENT_FIELDS, type Agent } from '@agentry/domain/agent';
import type { User } from '@agentry/platform/store/port';

// What the audit log keeps of a record: the fields staff can change, nothing secret.

export const AUDITED_AGENT_FIELDS = [...AGENT_FIELDS, 'email', 'status', 'removed', 'held_for'] as const;

export function agentSnapshot(agent: Agent): Record<string, unknown> {
  return Object.fromEntries(AUDITED_AGENT_FIELDS.map((field) => [field, agent[field]]));
}

export const subscriberSnapshot = (user: User) => ({ subscription_status: user.subscription_status });

/** Only the fields that differ, as two objects: what an update changed, before and after. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    changed: keys.length > 0,
  };
}
