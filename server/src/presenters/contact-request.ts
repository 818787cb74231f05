import type { InboxContactRequest, SentContactRequest } from '@agentry/domain/contract/employer';
import type { ContactRequest } from '@agentry/platform/store/port';

// Contact and demo requests, as the two sides see them. Explicit lists: account ids stay inside.

const presentReplies = (request: ContactRequest) =>
  request.replies.map((reply) => ({ at: reply.at, by: reply.by, body: reply.body }));

/** What the provider (or staff) read in an inbox: the request and who sent it, to answer them. */
export function presentInboxRequest(request: ContactRequest): InboxContactRequest {
  return {
    id: request.id,
    agent_id: request.agent_id,
    agent_name: request.agent_name,
    kind: request.kind,
    message: request.message,
    preferred_times: request.preferred_times,
    company: request.company,
    contact_name: request.contact_name,
    contact_email: request.contact_email,
    contact_phone: request.contact_phone,
    status: request.status,
    replies: presentReplies(request),
    created_at: request.created_at,
    updated_at: request.updated_at,
  };
}

/** What the employer reads about a request they sent: its state and the replies. */
export function presentSentRequest(request: ContactRequest): SentContactRequest {
  return {
    id: request.id,
    agent_id: request.agent_id,
    agent_name: request.agent_name,
    kind: request.kind,
    message: request.message,
    preferred_times: request.preferred_times,
    sent_by: request.contact_name,
    /** 'provider' when it went to the agent's provider, 'admin' when Agentry staff handle it. */
    sent_to: request.provider_id === null ? 'admin' : 'provider',
    status: request.status,
    outcome: request.outcome,
    outcome_at: request.outcome_at,
    replies: presentReplies(request),
    created_at: request.created_at,
    updated_at: request.updated_at,
  };
}
