import type { Agent } from '@agentry/domain/agent';
import { type AgentRegistrationInput, validateAgentRegistration } from '@agentry/domain/agent-rules';
import { DuplicateAgentError, type User } from '@agentry/platform/store/port';
import { badRequest, conflict } from '../http/errors';
import { findOwnAgent } from '../policies/agent-ownership';
import { assertMayEditListings } from '../policies/subscription';
import { agentSnapshot, changedFields } from './admin/audit-changes';
import type { Action } from './command';
import type { Services } from './services';

// A provider edits one of their listings from the dashboard: their own agent only (404 for any
// other), with an active subscription (409 otherwise), every field required and sanitised as in
// registration. The store records the change in its change log, so search follows, and the audit
// log records who changed what (issue 25: staff saw only their own changes), as for a profile.

/** How a provider appears in the audit log, as the profile's saves name them. */
export const providerActor = (user: User) => `provider ${user.email}`;

export const updateOwnAgent: Action<
  Services,
  { user: User; agentId: string; input: AgentRegistrationInput },
  Agent
> = async (services, props) => {
  const agent = await findOwnAgent(services.store, props.user, props.agentId);
  assertMayEditListings(props.user);
  const checked = validateAgentRegistration({ ...props.input, email: agent.email ?? '' });
  if (!checked.ok) {
    throw badRequest(Object.values(checked.errors)[0] ?? 'Failed to update agent', {
      errors: checked.errors,
    });
  }
  const { email: _unchanged, ...fields } = checked.value;
  let after: Agent;
  try {
    after = (await services.store.agents.update(agent.id, fields))!;
  } catch (error) {
    if (error instanceof DuplicateAgentError) throw conflict(error.message);
    throw error;
  }
  const diff = changedFields(agentSnapshot(agent), agentSnapshot(after));
  if (diff.changed) {
    await services.store.audit.record({
      actor: providerActor(props.user),
      action: 'update',
      entity_type: 'agent',
      entity_id: agent.id,
      entity_label: after.name,
      before: diff.before,
      after: diff.after,
    });
  }
  return after;
};

/** Delete from the dashboard: a soft delete (removed), so staff can restore a mistake. */
export const removeOwnAgent: Action<Services, { user: User; agentId: string }> = async (services, props) => {
  const agent = await findOwnAgent(services.store, props.user, props.agentId);
  await services.store.agents.update(agent.id, { removed: true });
  await services.store.audit.record({
    actor: providerActor(props.user),
    action: 'delete',
    entity_type: 'agent',
    entity_id: agent.id,
    entity_label: agent.name,
    before: { removed: false },
    after: { removed: true },
  });
  services.logger.info({ userId: props.user.id, agentId: agent.id }, 'agent removed by its provider');
};
