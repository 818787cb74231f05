import type { Agent, PublicAgent } from '@agentry/domain/agent';
import { pickPublicFields } from '@agentry/domain/agent';
import { publicTrust } from '@agentry/domain/agent-trust';
import type { PublicAgent as PresentedAgent } from '@agentry/domain/contract/agents';

/** An agent as every public answer gives it (the contract's PublicAgent): its public fields and all of its trust signals. */
export type { PresentedAgent };

/**
 * The public view of an agent: the one list of public fields (PUBLIC_AGENT_FIELDS, built from the
 * spec's fields in domain/), so e-mail, owner and status never leak; the trust signals always
 * present, the rating only from enough reviews (domain/agent-trust.ts).
 */
export function presentAgent(agent: PublicAgent | Agent): PresentedAgent {
  return { ...pickPublicFields(agent), ...publicTrust(agent) };
}

export const presentAgents = (agents: Array<PublicAgent | Agent>): PresentedAgent[] =>
  agents.map(presentAgent);
