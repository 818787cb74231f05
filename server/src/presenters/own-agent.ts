import type { Agent } from '@agentry/domain/agent';
import type { OwnAgent } from '@agentry/domain/contract/agents';
import { presentAgent } from './agent';

/** A provider's view of their own agent: the public fields plus the e-mail and the staff's status. */
export function presentOwnAgent(agent: Agent): OwnAgent {
  return { ...presentAgent(agent), email: agent.email, status: agent.status, updated_at: agent.updated_at };
}
