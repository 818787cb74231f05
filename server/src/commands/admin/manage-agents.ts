import { type AdminAgentInput, validateAdminAgent } from '@agentry/domain/admin-rules';
import type { Agent } from '@agentry/domain/agent';
import { type Admin, DuplicateAgentError, type Store } from '@agentry/platform/store/port';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Action } from '../command';
import { agentSnapshot, changedFields } from './audit-changes';

// Staff add, edit, soft-delete and restore any agent (spec sections 5 and 7). Every change is
// written to the audit log with the fields before and after. The store's change log carries it to
// the search index, as for any other write.

type AdminStore = Pick<Store, 'agents' | 'audit'>;

export const AGENT_NOT_FOUND = 'Agent not found';

function validated(input: AdminAgentInput) {
  const checked = validateAdminAgent(input);
  if (!checked.ok) throw badRequest(checked.message, { success: false, errors: checked.errors });
  return checked.value;
}

async function existing(store: AdminStore, id: string): Promise<Agent> {
  const agent = await store.agents.get(id);
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  return agent;
}

const duplicate = (error: unknown) =>
  error instanceof DuplicateAgentError ? conflict(error.message, { success: false }) : error;

export const createAgentAsAdmin: Action<'store', { admin: Admin; input: AdminAgentInput }, Agent> = async (
  { store },
  { admin, input },
) => {
  const { status: _status, ...fields } = validated(input);
  let agent: Agent;
  try {
    agent = await store.agents.create(fields);
  } catch (error) {
    throw duplicate(error);
  }
  await store.audit.record({
    actor: admin.username,
    action: 'create',
    entity_type: 'agent',
    entity_id: agent.id,
    entity_label: agent.name,
    before: null,
    after: agentSnapshot(agent),
  });
  return agent;
};

export const updateAgentAsAdmin: Action<
  'store',
  { admin: Admin; id: string; input: AdminAgentInput },
  Agent
> = async ({ store }, { admin, id, input }) => {
  const value = validated(input);
  const before = await existing(store, id);
  let after: Agent | null;
  try {
    after = await store.agents.update(id, value);
  } catch (error) {
    throw duplicate(error);
  }
  if (!after) throw notFound(AGENT_NOT_FOUND);
  const diff = changedFields(agentSnapshot(before), agentSnapshot(after));
  if (diff.changed) {
    await store.audit.record({
      actor: admin.username,
      action: 'update',
      entity_type: 'agent',
      entity_id: id,
      entity_label: after.name,
      before: diff.before,
      after: diff.after,
    });
  }
  return after;
};

/** Delete (removed: true) or restore (removed: false). Doing it twice changes nothing the second time. */
export const setAgentRemoved: Action<'store', { admin: Admin; id: string; removed: boolean }, Agent> = async (
  { store },
  { admin, id, removed },
) => {
  const before = await existing(store, id);
  if (before.removed === removed) return before;
  const after = await store.agents.update(id, { removed });
  if (!after) throw notFound(AGENT_NOT_FOUND);
  await store.audit.record({
    actor: admin.username,
    action: removed ? 'delete' : 'restore',
    entity_type: 'agent',
    entity_id: id,
    entity_label: after.name,
    before: { removed: before.removed },
    after: { removed: after.removed },
  });
  return after;
};
