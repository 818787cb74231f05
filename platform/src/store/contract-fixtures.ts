import type { AgentCreate } from './port';

/** A valid agent for store tests; override what a test is about. */
export function agentInput(overrides: Partial<AgentCreate> = {}): AgentCreate {
  return {
    name: 'InboxPilot',
    provider: 'Northwind Labs',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in Spanish and English.',
    cost: '$29/month',
    address: 'https://inboxpilot.example',
    ...overrides,
  };
}
