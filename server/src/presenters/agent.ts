import type { Agent, PublicAgent } from '@agentry/domain/agent';
import { pickPublicFields } from '@agentry/domain/agent';

/**
 * The public view of an agent: the one list of public fields (PUBLIC_AGENT_FIELDS, built from the
 * spec's fields in domain/), so e-mail, owner and status never leak.
 */
export function presentAgent(agent: PublicAgent | Agent): PublicAgent {
  return pickPublicFields(agent);
}

export const presentAgents = (agents: Array<PublicAgent | Agent>) => agents.map(presentAgent);
