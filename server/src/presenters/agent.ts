import type { Agent, PublicAgent } from '@agentry/domain/agent';
import { pickPublicFields } from '@agentry/domain/agent';
import { type AgentTrust, publicTrust } from '@agentry/domain/agent-trust';

/** An agent as every public answer gives it: its public fields and all of its trust signals. */
export type PresentedAgent = PublicAgent & AgentTrust;

/**
 * The public view of an agent: the one list of public fields (PUBLIC_AGENT_FIELDS, built from the
 * spec's fields in domain/), so e-mail, owner and status never leak; the trust signals always
 * present, the rating only from enough reviews (domain/agent-trust.ts).
 */
export function presentAgent(agent: PublicAgent | Agent): PresentedAgent {
  return { ...pickPublicFields(agent), ...publicTrust(agent) };
}

export const presentAgents = (agents: Array<PublicAgent | Agent>): PublicAgent[] => agents.map(presentAgent);
