import type { Agent } from '@agentry/domain/agent';
import { type AgentRegistrationInput, validateAgentRegistration } from '@agentry/domain/agent-rules';
import { DuplicateAgentError, type User } from '@agentry/platform/store/port';
import { badRequest, conflict } from '../http/errors';
import { findOwnAgent } from '../policies/agent-ownership';
import { assertMayEditListings } from '../policies/subscription';
import type { Services } from './services';

// A provider edits one of their listings from the dashboard: their own agent only (404 for any
// other), with an active subscription (409 otherwise), every field required and sanitised as in
// registration. The store records the change in its change log, so search follows.

export async function updateOwnAgent(
  services: Services,
  props: { user: User; agentId: string; input: AgentRegistrationInput },
): Promise<Agent> {
  const agent = await findOwnAgent(services.store, props.user, props.agentId);
  assertMayEditListings(props.user);
  const checked = validateAgentRegistration({ ...props.input, email: agent.email ?? '' });
  if (!checked.ok) {
    throw badRequest(Object.values(checked.errors)[0] ?? 'Failed to update agent', {
      errors: checked.errors,
    });
  }
  const { email: _unchanged, ...fields } = checked.value;
  try {
    return (await services.store.agents.update(agent.id, fields))!;
  } catch (error) {
    if (error instanceof DuplicateAgentError) throw conflict(error.message);
    throw error;
  }
}

/** Delete from the dashboard: a soft delete (removed), so staff can restore a mistake. */
export async function removeOwnAgent(
  services: Services,
  props: { user: User; agentId: string },
): Promise<void> {
  const agent = await findOwnAgent(services.store, props.user, props.agentId);
  await services.store.agents.update(agent.id, { removed: true });
  services.logger.info({ userId: props.user.id, agentId: agent.id }, 'agent removed by its provider');
}
