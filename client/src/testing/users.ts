import type { User } from '@agentry/domain/contract/accounts';

/** A signed-in account as GET /api/auth/me describes it (the contract's User), with the given fields. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    full_name: 'Ada',
    organization: 'A',
    phone: null,
    user_type: 'agent_provider',
    subscription_status: 'inactive',
    email_verified: true,
    slug: null,
    website: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
