import type { Agent } from '@agentry/domain/agent';
import type { Store, User } from '@agentry/platform/store/port';
import { notFound } from '../http/errors';

/**
 * The agent, if `user` owns it and it is still listed. Another provider's agent answers exactly
 * as a missing one does (404), so ids cannot be probed for ownership.
 */
export async function findOwnAgent(store: Store, user: Pick<User, 'id'>, agentId: string): Promise<Agent> {
  const agent = await store.agents.get(agentId);
  if (!agent || agent.removed || agent.owner_id !== user.id) throw notFound('Agent not found');
  return agent;
}
