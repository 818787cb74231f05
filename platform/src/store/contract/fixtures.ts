import type { AgentCreate } from '../port';

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

/** Every batch an async iterable of batches yields (a scan), in order. */
export async function collect<T>(iterable: AsyncIterable<T[]>): Promise<T[][]> {
  const batches: T[][] = [];
  for await (const batch of iterable) batches.push(batch);
  return batches;
}
