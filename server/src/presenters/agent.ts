import type { Agent, PublicAgent } from '@agentry/domain/agent';

/** The public view of an agent: an explicit field list, so e-mail, owner and status never leak. */
export function presentAgent(agent: PublicAgent | Agent): PublicAgent {
  return {
    id: agent.id,
    name: agent.name,
    provider: agent.provider,
    category: agent.category,
    role: agent.role,
    description: agent.description,
    cost: agent.cost,
    address: agent.address,
    pricing: agent.pricing,
    price_monthly: agent.price_monthly,
  };
}

export const presentAgents = (agents: Array<PublicAgent | Agent>) => agents.map(presentAgent);
