import type {
  ContactRequestBody,
  InboxPage as InboxAnswer,
  InboxContactRequest,
  SentContactRequest,
  SentRequestAnswer,
} from '@agentry/domain/contract/employer';
import type { ContactKind, ContactStatus, RequestOutcome } from '@agentry/domain/employer-tools';
import { type ApiPage, withQuery } from './api-client';
import { sendWithCsrf } from './send-with-csrf';

// Contact and demo requests: an employer writes to an agent's provider (or to staff, when nobody
// owns the agent). Shared: the employer sends them from the search, the agent page and the
// comparison; the employer dashboard, the provider dashboard and the admin screen list them.

export type { ContactKind, ContactReply, ContactStatus } from '@agentry/domain/employer-tools';
export {
  CONTACT_MESSAGE_MAX,
  CONTACT_STATUSES,
  PREFERRED_TIMES_MAX,
  REQUEST_OUTCOME_LABELS,
  REQUEST_OUTCOMES,
  type RequestOutcome,
} from '@agentry/domain/employer-tools';
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

/** A request as the employer who sent it reads it, and as an inbox (the provider's, staff's) reads it. */
export type { InboxContactRequest, SentContactRequest } from '@agentry/domain/contract/employer';

/** POST /api/contact-requests → the request as stored; 429 throttled, 409 sent about this agent just now. */
export async function sendContactRequest(request: ContactRequestBody): Promise<SentContactRequest> {
  const body: ContactRequestBody = {
    agent_id: request.agent_id,
    kind: request.kind,
    message: request.message,
  };
  if (request.kind === 'demo' && request.preferred_times) body.preferred_times = request.preferred_times;
  return (
    await sendWithCsrf<SentRequestAnswer>('/api/contact-requests', {
      method: 'POST',
      body,
    })
  ).request;
}

/** PUT /api/employer/requests/:id/outcome → the request with where it stands for the employer (null clears it). */
export async function setRequestOutcome(
  id: string,
  outcome: RequestOutcome | null,
): Promise<SentContactRequest> {
  return (
    await sendWithCsrf<SentRequestAnswer>(`/api/employer/requests/${encodeURIComponent(id)}/outcome`, {
      method: 'PUT',
      body: { outcome },
    })
  ).request;
}

/** POST /api/employer/requests/:id/reply → the request with the employer's answer (issue 25). */
export async function replyToSentRequest(id: string, message: string): Promise<SentContactRequest> {
  return (
    await sendWithCsrf<SentRequestAnswer>(`/api/employer/requests/${encodeURIComponent(id)}/reply`, {
      method: 'POST',
      body: { message },
    })
  ).request;
}

/**
 * One page of an inbox as the inbox screens page it: the requests, how many match, how many of each
 * status, and (the provider's inbox) how quickly the provider answers.
 */
export type InboxPage = ApiPage<InboxContactRequest> &
  Pick<InboxAnswer, 'counts'> & { replyTime?: InboxAnswer['reply_time'] };

export const INBOX_PAGE_SIZE = 20;

/** The query of an inbox page: "?status=new&limit=20&offset=0" (every status when none is given). */
export function inboxQuery(path: string, status: ContactStatus | null, offset: number): string {
  const params: Record<string, string> = { limit: String(INBOX_PAGE_SIZE), offset: String(offset) };
  return withQuery(path, status ? { status, ...params } : params);
}

/** An inbox answer ({ requests, total, counts }) as a page (counts missing from it read as 0). */
export function toInboxPage(
  answer: Pick<InboxAnswer, 'requests' | 'total' | 'reply_time'> & {
    counts?: Partial<InboxAnswer['counts']>;
  },
): InboxPage {
  return {
    items: answer.requests,
    total: answer.total,
    replyTime: answer.reply_time,
    counts: {
      new: answer.counts?.new ?? 0,
      replied: answer.counts?.replied ?? 0,
      closed: answer.counts?.closed ?? 0,
    },
  };
}
