import type { ContactKind, ContactReply, ContactStatus } from '@agentry/domain/employer-tools';
import { type ApiPage, withQuery } from './api-client';
import { sendWithCsrf } from './send-with-csrf';

// Contact and demo requests: an employer writes to an agent's provider (or to staff, when nobody
// owns the agent). Shared: the employer sends them from the search, the agent page and the
// comparison; the employer dashboard, the provider dashboard and the admin screen list them.

export type { ContactKind, ContactReply, ContactStatus } from '@agentry/domain/employer-tools';
export { CONTACT_MESSAGE_MAX, CONTACT_STATUSES, PREFERRED_TIMES_MAX } from '@agentry/domain/employer-tools';
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  replied: 'Replied',
  closed: 'Closed',
};
export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  contact: 'Contact',
  demo: 'Demo request',
  ownership: 'This is my product',
};

export interface ContactRequest {
  id: string;
  agent_id: string;
  agent_name: string;
  kind: ContactKind;
  message: string;
  preferred_times: string | null;
  company: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  status: ContactStatus;
  replies: ContactReply[];
  created_at: string;
  updated_at: string;
}

export interface NewContactRequest {
  agent_id: string;
  kind: ContactKind;
  message: string;
  preferred_times?: string;
}

/** POST /api/contact-requests → the request as stored; 429 throttled, 409 sent about this agent just now. */
export async function sendContactRequest(request: NewContactRequest): Promise<ContactRequest> {
  const body: NewContactRequest = {
    agent_id: request.agent_id,
    kind: request.kind,
    message: request.message,
  };
  if (request.kind === 'demo' && request.preferred_times) body.preferred_times = request.preferred_times;
  return (
    await sendWithCsrf<{ success: boolean; request: ContactRequest }>('/api/contact-requests', {
      method: 'POST',
      body,
    })
  ).request;
}

/** One page of an inbox: the requests, how many match, and how many there are of each status. */
export interface InboxPage extends ApiPage<ContactRequest> {
  counts: Record<ContactStatus, number>;
}

export const INBOX_PAGE_SIZE = 20;

/** The query of an inbox page: "?status=new&limit=20&offset=0" (every status when none is given). */
export function inboxQuery(path: string, status: ContactStatus | null, offset: number): string {
  const params: Record<string, string> = { limit: String(INBOX_PAGE_SIZE), offset: String(offset) };
  return withQuery(path, status ? { status, ...params } : params);
}

/** An inbox answer ({ requests, total, counts }) as a page. */
export function toInboxPage(answer: {
  requests: ContactRequest[];
  total: number;
  counts?: Partial<Record<ContactStatus, number>>;
}): InboxPage {
  return {
    items: answer.requests,
    total: answer.total,
    counts: {
      new: answer.counts?.new ?? 0,
      replied: answer.counts?.replied ?? 0,
      closed: answer.counts?.closed ?? 0,
    },
  };
}
