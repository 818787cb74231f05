import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatWhen } from '../../../components/inbox/inbox-api';
import { ReplyForm } from '../../../components/inbox/reply-form';
import { ReplyList, RequestMessage, requestTitle } from '../../../components/inbox/request-details';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMore } from '../../../components/ui/show-more';
import { usePagedList } from '../../../hooks/use-paged-list';
import { errorText } from '../../../lib/api/api-client';
import {
  CONTACT_STATUS_LABELS,
  REQUEST_OUTCOME_LABELS,
  REQUEST_OUTCOMES,
  type RequestOutcome,
  replyToSentRequest,
  type SentContactRequest,
  setRequestOutcome,
} from '../../../lib/api/contact-requests';
import { formatCount } from '../../../lib/format-count';
import { getEmployerRequests } from '../api/get-employer-requests';

// "Your requests" on the employer dashboard: what this employer asked providers, newest first,
// with where each stands and the replies (which also reach them by e-mail). Without the plan it says
// what the plan brings instead of an error (issue 25).

export function EmployerRequests({ subscribed }: { subscribed: boolean }) {
  // Without the plan the server refuses the list (403): nothing to load, and nothing gone wrong.
  const list = usePagedList(
    subscribed ? 'employer-requests' : null,
    getEmployerRequests,
    (request) => request.id,
  );
  return (
    <section className="dashboard-panel" aria-labelledby="employer-requests-title">
      <div className="dashboard-section__head">
        <h2 id="employer-requests-title">
          Your requests
          {list.status === 'success' ? (
            <span className="dashboard-section__count"> ({formatCount(list.total)})</span>
          ) : null}
        </h2>
      </div>
      {subscribed ? null : (
        <p className="form-field__hint">
          Contact and demo requests to providers are part of the employer plan: yours appear here once you
          subscribe.
        </p>
      )}
      {list.status === 'loading' ? <PageLoading label="Loading your requests..." /> : null}
      {list.status === 'error' ? (
        <p className="notice notice--error">We could not load your requests.</p>
      ) : null}
      {list.status === 'success' && list.items.length === 0 ? (
        <p className="form-field__hint">
          No requests yet. Use <strong>Contact / Request demo</strong> on an agent's page, in the{' '}
          <Link to="/employer/search">advanced search</Link> or on the comparison.
        </p>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="request-list">
          {list.items.map((request) => (
            <li key={request.id}>
              <SentRequest request={request} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.status === 'success' ? (
        <ShowMore
          shown={list.items.length}
          total={list.total}
          more={list.more}
          onMore={list.loadMore}
          label="Show more requests"
          failure="We could not load more requests."
        />
      ) : null}
    </section>
  );
}

function SentRequest({ request: loaded }: { request: SentContactRequest }) {
  // The request as changed here (a reply sent) over the loaded copy.
  const [request, setRequest] = useState(loaded);
  useEffect(() => setRequest(loaded), [loaded]);
  const headingId = `sent-request-${request.id}`;
  return (
    <article className="sent-request" aria-labelledby={headingId}>
      <div className="inbox-request__head">
        <h3 id={headingId}>{requestTitle(request)}</h3>
        <p className="inbox-request__status">
          <span className="visually-hidden">Status: </span>
          <span className={`status-badge status-badge--${request.status}`}>
            {CONTACT_STATUS_LABELS[request.status]}
          </span>
        </p>
      </div>
      <p className="form-field__hint">
        Sent by {request.sent_by}, <time dateTime={request.created_at}>{formatWhen(request.created_at)}</time>
        , about <Link to={`/agents/${encodeURIComponent(request.agent_id)}`}>{request.agent_name}</Link>
        {request.preferred_times ? `; preferred times: ${request.preferred_times}` : ''}
      </p>
      <RequestMessage message={request.message} />
      {request.replies.length === 0 ? (
        <p className="form-field__hint">No reply yet. Replies also reach you by e-mail.</p>
      ) : (
        <ReplyList replies={request.replies} reader="employer" />
      )}
      {/* The conversation (issue 25): once the provider answered, the employer answers in the app. */}
      {request.kind !== 'ownership' && request.replies.length > 0 ? (
        <EmployerReply request={request} onSent={setRequest} headingId={headingId} />
      ) : null}
      {request.kind === 'ownership' ? null : <OutcomeSelect request={request} />}
    </article>
  );
}

/** Where the request stands for the employer (issue 28): talking, on trial, hired, not a fit. Only they see it. */
function OutcomeSelect({ request }: { request: SentContactRequest }) {
  const [outcome, setOutcome] = useState<RequestOutcome | null>(request.outcome);
  const [state, setState] = useState<{ busy: boolean; saved: boolean; error: string | null }>({
    busy: false,
    saved: false,
    error: null,
  });
  const id = `request-outcome-${request.id}`;
  const change = async (value: RequestOutcome | null) => {
    const before = outcome;
    setOutcome(value);
    setState({ busy: true, saved: false, error: null });
    try {
      const saved = await setRequestOutcome(request.id, value);
      setOutcome(saved.outcome);
      setState({ busy: false, saved: true, error: null });
    } catch (error) {
      setOutcome(before);
      setState({
        busy: false,
        saved: false,
        error: errorText(error, 'We could not save that. Please try again.'),
      });
    }
  };
  return (
    <div className="request-outcome">
      <label htmlFor={id}>Where it stands</label>
      <select
        id={id}
        value={outcome ?? ''}
        disabled={state.busy}
        onChange={(event) => void change((event.target.value || null) as RequestOutcome | null)}
      >
        <option value="">Not set</option>
        {REQUEST_OUTCOMES.map((value) => (
          <option key={value} value={value}>
            {REQUEST_OUTCOME_LABELS[value]}
          </option>
        ))}
      </select>
      <span className="request-outcome__note" role="status">
        {state.saved ? 'Saved. Only you see this.' : ''}
      </span>
      {state.error ? (
        <p className="notice notice--error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

/** The employer's answer to the provider (issue 25): e-mailed to them, kept under the request. */
function EmployerReply({
  request,
  onSent,
  headingId,
}: {
  request: SentContactRequest;
  onSent: (request: SentContactRequest) => void;
  headingId: string;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) noteRef.current?.focus();
  }, [sent]);
  if (open) {
    return (
      <ReplyForm
        idPrefix={headingId}
        label={`Answer the provider about ${request.agent_name}`}
        hint="Sent by e-mail to the provider (answering that e-mail reaches you), and kept here under the request."
        onSend={async (message) => {
          onSent(await replyToSentRequest(request.id, message));
          setOpen(false);
          setSent(true);
        }}
        onClose={() => {
          setOpen(false);
          requestAnimationFrame(() => buttonRef.current?.focus());
        }}
      />
    );
  }
  return (
    <div className="inbox-request__actions">
      <button
        ref={buttonRef}
        className="button button--secondary button--small"
        type="button"
        aria-describedby={headingId}
        onClick={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        Answer the provider
      </button>
      {sent ? (
        <p className="form-field__hint" ref={noteRef} tabIndex={-1} role="status">
          Sent. The provider gets it by e-mail.
        </p>
      ) : null}
    </div>
  );
}
