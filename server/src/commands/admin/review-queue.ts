import type { Agent } from '@agentry/domain/agent';
import type { Admin, Store } from '@agentry/platform/store/port';
import { conflict, notFound } from '../../http/errors';
import type { Action, Query } from '../command';
import { agentSnapshot } from './audit-changes';

// The review queue: agents registered without an e-mail address wait here, held (not listed),
// until staff approve them (listed, owned by nobody) or reject them (deleted for good, so the name
// is free for its real maker). Both are written to the audit log with the record.

type AdminStore = Pick<Store, 'agents' | 'audit'>;

export const REVIEW_MESSAGES = {
  notFound: 'Agent not found',
  notWaiting: 'This agent is not waiting for review any more.',
} as const;

export const listReviewQueue: Query<
  'store',
  { page: { limit: number; offset: number } },
  { agents: Agent[]; total: number }
> = async ({ store }, { page }) => {
  const [agents, total] = await Promise.all([
    store.agents.list({ heldFor: 'review', ...page }),
    store.agents.count({ heldFor: 'review' }),
  ]);
  return { agents, total };
};

async function waiting(store: AdminStore, id: string): Promise<Agent> {
  const agent = await store.agents.get(id);
  if (!agent) throw notFound(REVIEW_MESSAGES.notFound);
  if (agent.held_for !== 'review') throw conflict(REVIEW_MESSAGES.notWaiting, { success: false });
  return agent;
}

/** Lists the agent (nobody owns it: staff can still edit or remove it like any other). */
export const approveHeldAgent: Action<'store', { admin: Admin; id: string }, Agent> = async (
  { store },
  { admin, id },
) => {
  const before = await waiting(store, id);
  const after = await store.agents.update(id, { removed: false });
  if (!after) throw notFound(REVIEW_MESSAGES.notFound);
  await store.audit.record({
    actor: admin.username,
    action: 'approve',
    entity_type: 'agent',
    entity_id: id,
    entity_label: after.name,
    before: { removed: before.removed, held_for: before.held_for },
    after: { removed: after.removed, held_for: after.held_for },
  });
  return after;
};

/** Deletes the agent for good; the audit entry keeps what it was. */
export const rejectHeldAgent: Action<'store', { admin: Admin; id: string }, Agent> = async (
  { store },
  { admin, id },
) => {
  await waiting(store, id);
  const discarded = await store.agents.discardHeld(id, 'review');
  // Approved or rejected by someone else in the meantime.
  if (!discarded) throw conflict(REVIEW_MESSAGES.notWaiting, { success: false });
  await store.audit.record({
    actor: admin.username,
    action: 'reject',
    entity_type: 'agent',
    entity_id: id,
    entity_label: discarded.name,
    before: agentSnapshot(discarded),
    after: null,
  });
  return discarded;
};
