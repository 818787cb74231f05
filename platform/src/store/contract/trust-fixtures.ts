import type { LinkCheckRecord, ReviewWrite, Store } from '../port';

// What the trust parts of the store contract (issue 26) build on: a link checker's record, a
// review, a domain proved.

export const at = (iso: string) => new Date(iso);

export const check = (agentId: string, overrides: Partial<LinkCheckRecord> = {}): LinkCheckRecord => ({
  agent_id: agentId,
  url: 'https://inboxpilot.example',
  state: 'up',
  state_since: '2026-11-01T00:00:00.000Z',
  outcome: 'answered',
  http_status: 200,
  final_url: null,
  detail: null,
  checked_at: '2026-11-20T00:00:00.000Z',
  failures: 0,
  first_failure_at: null,
  notified_at: null,
  retry_at: null,
  ...overrides,
});

export const review = (agentId: string, overrides: Partial<ReviewWrite> = {}): ReviewWrite => ({
  agent_id: agentId,
  org_key: 'domain:acme.example',
  author_id: 'e1',
  organization: 'Acme',
  rating: 4,
  body: 'Answered our tickets well.',
  ...overrides,
});

export const verify = (store: Store, id: string, now = '2026-11-20T00:00:00.000Z') =>
  store.verifications.saveCheck(id, {
    status: 'verified',
    method: 'file',
    verified_at: now,
    checked_at: now,
    next_check_at: '2026-11-21T00:00:00.000Z',
    failures: 0,
    lapsed_at: null,
  });
