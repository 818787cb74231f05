import type { AdminAgent } from '../api/get-admin-agents';
import type { AdminStats } from '../api/get-admin-stats';
import type { Subscriber } from '../api/subscribers';

/** An agent as GET /api/admin/agents answers it; override what the test is about. */
export function makeAdminAgent(overrides: Partial<AdminAgent> = {}): AdminAgent {
  return {
    id: 'a1',
    name: 'LedgerLark',
    email: 'ada@example.com',
    provider: 'Analytical Engines',
    category: 'Finance',
    role: 'Bookkeeper',
    description: 'Books and ledgers, reconciled daily.',
    cost: '$29/month',
    address: 'https://ledgerlark.example',
    status: null,
    removed: false,
    held_for: null,
    created_at: '2026-11-02T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: 'u1',
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    organization: 'Analytical Engines',
    phone: null,
    user_type: 'agent_provider',
    subscription_status: 'active',
    created_at: '2026-10-01T10:00:00.000Z',
    agent_count: 2,
    active_agent_count: 1,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    success: true,
    agents: { total: 1234, active: 1200, removed: 34 },
    per_category: [
      { value: 'Finance', count: 700 },
      { value: 'Legal', count: 534 },
    ],
    weekly: [
      { week: '2026-11-09', agents: 10, subscribers: 2 },
      { week: '2026-11-16', agents: 12, subscribers: 3 },
    ],
    subscriptions: { active: 40, inactive: 8 },
    ...overrides,
  };
}
