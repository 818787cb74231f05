import { longDate } from '@agentry/domain/site-check';
import { type FormEvent, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMore } from '../../../components/ui/show-more';
import { type PagedList, usePagedList } from '../../../hooks/use-paged-list';
import { errorText } from '../../../lib/api/api-client';
import {
  type AdminDomain,
  getAdminDomains,
  getBrokenListings,
  getListingClaims,
  getReviewModeration,
  type ListingClaim,
  moderate,
  type QueuedReview,
  recheckDomain,
  reverseClaim,
} from '../api/trust';
import { useAdminSession } from '../hooks/use-admin-session';

// Staff's side of trust (issue 26, docs/admin.md): listings whose site stopped answering, providers'
// domains (a lapsed one is what staff look at), the review moderation queue, and listings claimed by
// domain proof. Each change asks for a reason, which the audit log keeps.

function ListState<T>({ list, empty, label }: { list: PagedList<T>; empty: string; label: string }) {
  if (list.status === 'loading') return <PageLoading label={`Loading ${label}...`} />;
  if (list.status === 'error')
    return (
      <p className="notice notice--error" role="alert">
        Failed to fetch {label}
      </p>
    );
  if (list.status === 'success' && list.items.length === 0) return <p>{empty}</p>;
  return null;
}

function More<T>({ list, label }: { list: PagedList<T>; label: string }) {
  if (list.status !== 'success') return null;
  return (
    <ShowMore
      className="admin-more"
      shown={list.items.length}
      total={list.total}
      more={list.more}
      onMore={list.loadMore}
      label={`Show more ${label}`}
      failure={`Failed to fetch ${label}`}
    />
  );
}

/** A reason, asked for before a change that the audit log keeps. */
function ReasonForm({
  id,
  label,
  submit,
  onDone,
}: {
  id: string;
  label: string;
  submit: (reason: string) => Promise<void>;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setFailure('Give the reason (the audit log keeps it)');
      return;
    }
    setBusy(true);
    try {
      await submit(reason.trim());
      onDone();
    } catch (error) {
      setFailure(errorText(error, `Failed to ${label.toLowerCase()}`));
      setBusy(false);
    }
  }
  return (
    <form className="admin-reason" onSubmit={send} noValidate>
      <label htmlFor={id}>Reason</label>
      <input id={id} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      <button className="button button--primary button--small" type="submit" disabled={busy}>
        {label}
      </button>
      {failure ? (
        <p className="form-field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

export function BrokenLinksPanel() {
  const [minDays, setMinDays] = useState(0);
  const loadPage = useCallback(
    (offset: number, signal: AbortSignal) => getBrokenListings(minDays, offset, signal),
    [minDays],
  );
  const list = usePagedList(`broken:${minDays}`, loadPage, (item) => item.agent_id);
  return (
    <section className="dashboard-panel" aria-labelledby="broken-links-title">
      <h2 id="broken-links-title">
        Unreachable listings{list.status === 'success' ? ` (${list.total})` : ''}
      </h2>
      <p>Listings whose website failed the link checker twice in a row, the longest broken first.</p>
      <label htmlFor="broken-min-days">Unreachable for at least </label>
      <select
        id="broken-min-days"
        value={minDays}
        onChange={(event) => setMinDays(Number(event.target.value))}
      >
        <option value={0}>any time</option>
        <option value={7}>7 days</option>
        <option value={30}>30 days</option>
      </select>
      <ListState
        list={list}
        empty="Every listing's site answered its last check."
        label="unreachable listings"
      />
      {list.items.length > 0 ? (
        <ul className="admin-review trust-admin-list">
          {list.items.map((item) => (
            <li key={item.agent_id}>
              <Link to={`/agents/${encodeURIComponent(item.agent_id)}`}>{item.name}</Link> by {item.provider}:{' '}
              {item.address}, unreachable since {item.since ? longDate(item.since) : '?'} ({item.outcome}
              {item.http_status ? ` ${item.http_status}` : ''}); {item.owner_email ?? 'nobody owns it'}
            </li>
          ))}
        </ul>
      ) : null}
      <More list={list} label="unreachable listings" />
    </section>
  );
}

export function DomainsAdminPanel() {
  const { run } = useAdminSession();
  const [status, setStatus] = useState('lapsed');
  const [changed, setChanged] = useState<Record<string, AdminDomain>>({});
  const loadPage = useCallback(
    (offset: number, signal: AbortSignal) => getAdminDomains(status, offset, signal),
    [status],
  );
  const list = usePagedList(`domains:${status}`, loadPage, (item) => item.id);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="dashboard-panel" aria-labelledby="admin-domains-title">
      <h2 id="admin-domains-title">Verified domains{list.status === 'success' ? ` (${list.total})` : ''}</h2>
      <label htmlFor="admin-domains-status">Show </label>
      <select id="admin-domains-status" value={status} onChange={(event) => setStatus(event.target.value)}>
        <option value="lapsed">lapsed (proof gone)</option>
        <option value="verified">verified</option>
        <option value="pending">waiting for proof</option>
        <option value="">all</option>
      </select>
      <ListState list={list} empty="No domain in this list." label="domains" />
      {failure ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="admin-review trust-admin-list">
          {list.items.map((item) => {
            const domain = changed[item.id] ?? item;
            return (
              <li key={item.id}>
                <strong>{domain.domain}</strong> ({domain.owner_email ?? 'no account'}):{' '}
                <span
                  className={`status-badge${domain.status === 'verified' ? ' status-badge--active' : ''}`}
                >
                  {domain.status}
                </span>
                {domain.lapsed_at ? `, lapsed ${longDate(domain.lapsed_at)}` : ''}
                {domain.checked_at ? `, checked ${longDate(domain.checked_at)}` : ''}{' '}
                <button
                  className="button button--secondary button--small"
                  type="button"
                  onClick={async () => {
                    setFailure(null);
                    try {
                      const fresh = await run((token) => recheckDomain(token, item.id));
                      setChanged((old) => ({ ...old, [item.id]: fresh }));
                    } catch (error) {
                      setFailure(errorText(error, 'Failed to recheck the domain'));
                    }
                  }}
                >
                  Recheck {domain.domain}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <More list={list} label="domains" />
    </section>
  );
}

export function ReviewModerationPanel({ onChanged }: { onChanged: () => void }) {
  const { run } = useAdminSession();
  const [queue, setQueue] = useState<'reported' | 'hidden'>('reported');
  const [generation, setGeneration] = useState(0);
  const loadPage = useCallback(
    (offset: number, signal: AbortSignal) => getReviewModeration(queue, offset, signal),
    [queue],
  );
  const list = usePagedList(`reviews:${queue}:${generation}`, loadPage, (item) => item.id);
  const [open, setOpen] = useState<string | null>(null);
  const done = () => {
    setOpen(null);
    setGeneration((count) => count + 1);
    onChanged();
  };
  return (
    <section className="dashboard-panel" aria-labelledby="review-moderation-title">
      <h2 id="review-moderation-title">
        Review moderation{list.status === 'success' ? ` (${list.total})` : ''}
      </h2>
      <label htmlFor="review-queue-kind">Show </label>
      <select
        id="review-queue-kind"
        value={queue}
        onChange={(event) => setQueue(event.target.value as 'reported' | 'hidden')}
      >
        <option value="reported">reported reviews</option>
        <option value="hidden">hidden reviews</option>
      </select>
      <ListState
        list={list}
        empty={queue === 'reported' ? 'No review waits for a decision.' : 'No review is hidden.'}
        label="reviews"
      />
      {list.items.length > 0 ? (
        <ul className="admin-review trust-admin-list">
          {list.items.map((review: QueuedReview) => {
            const action = review.hidden ? 'restore' : 'hide';
            return (
              <li key={review.id}>
                <p>
                  <strong>
                    {review.rating}/5 by {review.organization}
                  </strong>{' '}
                  on{' '}
                  <Link to={`/agents/${encodeURIComponent(review.agent_id)}`}>
                    {review.agent_name ?? review.agent_id}
                  </Link>
                  {review.open_reports > 0
                    ? ` (${review.open_reports} open ${review.open_reports === 1 ? 'report' : 'reports'})`
                    : ''}
                </p>
                <p className="review__body">{review.body}</p>
                {review.reports.length > 0 ? (
                  <ul>
                    {review.reports.map((report) => (
                      <li key={report.created_at + report.reason}>Reported: {report.reason}</li>
                    ))}
                  </ul>
                ) : null}
                {review.moderation_reason ? <p>Last decision: {review.moderation_reason}</p> : null}
                {open === review.id ? (
                  <ReasonForm
                    id={`reason-${review.id}`}
                    label={review.hidden ? 'Restore' : 'Hide'}
                    submit={async (reason) => {
                      await run((token) => moderate(token, review.id, action, reason));
                    }}
                    onDone={done}
                  />
                ) : (
                  <div className="review__actions">
                    <button
                      className="button button--secondary button--small"
                      type="button"
                      onClick={() => setOpen(review.id)}
                    >
                      {review.hidden ? 'Restore…' : 'Hide…'}
                    </button>
                    {!review.hidden ? (
                      <button
                        className="button button--secondary button--small"
                        type="button"
                        onClick={() => setOpen(`keep:${review.id}`)}
                      >
                        Keep…
                      </button>
                    ) : null}
                  </div>
                )}
                {open === `keep:${review.id}` ? (
                  <ReasonForm
                    id={`keep-${review.id}`}
                    label="Keep"
                    submit={async (reason) => {
                      await run((token) => moderate(token, review.id, 'restore', reason));
                    }}
                    onDone={done}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <More list={list} label="reviews" />
    </section>
  );
}

export function ListingClaimsPanel({ onChanged }: { onChanged: () => void }) {
  const { run } = useAdminSession();
  const [generation, setGeneration] = useState(0);
  const loadPage = useCallback((offset: number, signal: AbortSignal) => getListingClaims(offset, signal), []);
  const list = usePagedList(`claims:${generation}`, loadPage, (item) => item.id);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="dashboard-panel" aria-labelledby="listing-claims-title">
      <h2 id="listing-claims-title">
        Listings claimed by domain{list.status === 'success' ? ` (${list.total})` : ''}
      </h2>
      <ListState list={list} empty="No listing has been claimed by domain proof." label="claims" />
      {list.items.length > 0 ? (
        <ul className="admin-review trust-admin-list">
          {list.items.map((claim: ListingClaim) => (
            <li key={claim.id}>
              <Link to={`/agents/${encodeURIComponent(claim.agent_id)}`}>{claim.agent_name}</Link>:{' '}
              {claim.domain}, from {claim.from_owner_email ?? 'nobody'} to {claim.to_owner_email ?? '?'} on{' '}
              {longDate(claim.created_at)}
              {claim.reversed_at ? ` (reversed ${longDate(claim.reversed_at)}: ${claim.reverse_reason})` : ''}{' '}
              {!claim.reversed_at && open !== claim.id ? (
                <button
                  className="button button--secondary button--small"
                  type="button"
                  onClick={() => setOpen(claim.id)}
                >
                  Reverse…
                </button>
              ) : null}
              {open === claim.id ? (
                <ReasonForm
                  id={`reverse-${claim.id}`}
                  label="Reverse"
                  submit={async (reason) => {
                    await run((token) => reverseClaim(token, claim.id, reason));
                  }}
                  onDone={() => {
                    setOpen(null);
                    setGeneration((count) => count + 1);
                    onChanged();
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <More list={list} label="claims" />
    </section>
  );
}
