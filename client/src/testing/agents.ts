import type { PublicAgent } from '@agentry/domain/agent';

/** A listed agent for tests; override what the test is about. */
export function makeAgent(overrides: Partial<PublicAgent> = {}): PublicAgent {
  return {
    id: '1',
    name: 'ReplyRanch',
    provider: 'Quillstone Labs',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in English and Spanish.',
    cost: 'Freemium',
    address: 'https://replyranch.example/',
    pricing: 'freemium',
    price_monthly: null,
    ...overrides,
  };
}
