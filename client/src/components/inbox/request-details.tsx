import { PRODUCT_TEAM } from '@agentry/domain/product';
import type { Ref } from 'react';
import {
  CONTACT_KIND_LABELS,
  type ContactReply,
  type InboxContactRequest,
} from '../../lib/api/contact-requests';
import { formatWhen } from './inbox-api';

// What a request says and who sent it, and the replies under it: shown alike in the provider's and
// the admin inbox and, for the sender, on the employer dashboard. Every value is rendered as text.

/**
 * Who wrote a reply, as the reader sees it: on the employer's dashboard (`employer`) their own
 * answers are "You"; in an inbox the employer's answers are "The employer" (issue 25).
 */
export function replyAuthor(by: ContactReply['by'], reader: 'inbox' | 'employer' = 'inbox'): string {
  if (by === 'admin') return PRODUCT_TEAM;
  if (by === 'employer') return reader === 'employer' ? 'You' : 'The employer';
  return 'The provider';
}

/** "Demo request about LedgerLark". */
export function requestTitle(request: Pick<InboxContactRequest, 'kind' | 'agent_name'>): string {
  return `${CONTACT_KIND_LABELS[request.kind]} about ${request.agent_name}`;
}

export function SenderFacts({ request }: { request: InboxContactRequest }) {
  return (
    <dl className="request-facts">
      <div>
        <dt>From</dt>
        <dd>
          {request.contact_name}, {request.company}
        </dd>
      </div>
      <div>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${request.contact_email}`}>{request.contact_email}</a>
        </dd>
      </div>
      {request.contact_phone ? (
        <div>
          <dt>Phone</dt>
          <dd>{request.contact_phone}</dd>
        </div>
      ) : null}
      <div>
        <dt>Sent</dt>
        <dd>
          <time dateTime={request.created_at}>{formatWhen(request.created_at)}</time>
        </dd>
      </div>
      {request.preferred_times ? (
        <div>
          <dt>Preferred times</dt>
          <dd>{request.preferred_times}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function RequestMessage({ message }: { message: string }) {
  return <p className="request-message">{message}</p>;
}

/** The replies, oldest first; `lastRef` lets the inbox move focus to a reply just sent. */
export function ReplyList({
  replies,
  lastRef,
  reader = 'inbox',
}: {
  replies: readonly ContactReply[];
  lastRef?: Ref<HTMLLIElement>;
  reader?: 'inbox' | 'employer';
}) {
  if (replies.length === 0) return null;
  return (
    <ol className="reply-list" aria-label="Replies">
      {replies.map((reply, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: replies are only ever appended
          key={index}
          className={`reply-list__item${reply.by === 'employer' ? ' reply-list__item--employer' : ''}`}
          ref={index === replies.length - 1 ? lastRef : undefined}
          tabIndex={index === replies.length - 1 ? -1 : undefined}
        >
          <p className="reply-list__meta">
            {replyAuthor(reply.by, reader)} {reply.by === 'employer' ? 'wrote' : 'replied'} on{' '}
            <time dateTime={reply.at}>{formatWhen(reply.at)}</time>
          </p>
          <p className="reply-list__body">{reply.body}</p>
        </li>
      ))}
    </ol>
  );
}
