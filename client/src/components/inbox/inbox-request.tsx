import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/api/api-client';
import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactStatus,
  type InboxContactRequest,
} from '../../lib/api/contact-requests';
import type { InboxApi } from './inbox-api';
import { ReplyForm } from './reply-form';
import { ReplyList, RequestMessage, requestTitle, SenderFacts } from './request-details';

// One request in an inbox: who asks about which agent, their message, the replies, the status
// (changed with a button per other status) and a reply form. After a change, focus goes to what
// changed: the status line, or the reply just sent.

const STATUS_ACTIONS: Record<ContactStatus, string> = {
  new: 'Mark as new',
  replied: 'Mark as replied',
  closed: 'Close request',
};

type Focus = 'status' | 'reply' | 'reply-button' | null;

export function InboxRequest({
  request,
  api,
  onChanged,
}: {
  request: InboxContactRequest;
  api: InboxApi;
  onChanged: (request: InboxContactRequest) => void;
}) {
  const headingId = `inbox-request-${request.id}`;
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const lastReplyRef = useRef<HTMLLIElement>(null);
  const replyButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focus === null) return;
    const target = { status: statusRef, reply: lastReplyRef, 'reply-button': replyButtonRef }[focus];
    target.current?.focus();
    setFocus(null);
  }, [focus]);

  async function changeStatus(status: ContactStatus) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await api.setStatus(request.id, status));
      setFocus('status');
    } catch (error) {
      setFailure(errorText(error, 'Failed to change the status'));
    } finally {
      setBusy(false);
    }
  }

  async function sendReply(message: string) {
    const saved = await api.reply(request.id, message);
    onChanged(saved);
    setReplying(false);
    setFocus('reply');
  }

  return (
    <article className="inbox-request" aria-labelledby={headingId}>
      <div className="inbox-request__head">
        <h3 id={headingId}>{requestTitle(request)}</h3>
        <p className="inbox-request__status" ref={statusRef} tabIndex={-1}>
          <span className="visually-hidden">Status: </span>
          <span className={`status-badge status-badge--${request.status}`}>
            {CONTACT_STATUS_LABELS[request.status]}
          </span>
        </p>
      </div>
      <SenderFacts request={request} />
      <RequestMessage message={request.message} />
      <ReplyList replies={request.replies} lastRef={lastReplyRef} />
      {replying ? (
        <ReplyForm
          idPrefix={headingId}
          label={`Reply to ${request.contact_name}`}
          onSend={sendReply}
          onClose={() => {
            setReplying(false);
            setFocus('reply-button');
          }}
        />
      ) : (
        <div className="inbox-request__actions">
          <button
            ref={replyButtonRef}
            className="button button--primary button--small"
            type="button"
            aria-describedby={headingId}
            onClick={() => setReplying(true)}
          >
            Reply
          </button>
          {CONTACT_STATUSES.filter((status) => status !== request.status).map((status) => (
            <button
              key={status}
              className="button button--secondary button--small"
              type="button"
              aria-describedby={headingId}
              aria-disabled={busy || undefined}
              onClick={() => void changeStatus(status)}
            >
              {STATUS_ACTIONS[status]}
            </button>
          ))}
        </div>
      )}
      {failure ? (
        <p className="form-field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </article>
  );
}
