import type { InboxContactRequest } from '../lib/api/contact-requests';

/** A contact request as the inboxes answer it; override what the test is about. */
export function makeContactRequest(overrides: Partial<InboxContactRequest> = {}): InboxContactRequest {
  return {
    id: 'r1',
    agent_id: 'a1',
    agent_name: 'LedgerLark',
    kind: 'demo',
    message: 'Can it reconcile <b>two</b> ledgers a day?',
    preferred_times: 'Tuesday mornings',
    company: 'Navy Labs',
    contact_name: 'Grace Hopper',
    contact_email: 'grace@example.com',
    contact_phone: null,
    status: 'new',
    replies: [],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** An inbox answer holding `requests`, with counts by status. */
export function inboxAnswer(requests: InboxContactRequest[], counts = { new: 0, replied: 0, closed: 0 }) {
  return { success: true, requests, total: requests.length, counts };
}
