import { decodeEntities } from '@agentry/domain/html-entities';
import { useCallback, useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMore } from '../../../components/ui/show-more';
import { usePagedList } from '../../../hooks/use-paged-list';
import { errorText } from '../../../lib/api/api-client';
import { formatCount } from '../../../lib/format-count';
import type { AdminAgent } from '../api/get-admin-agents';
import { decideHeldAgent, getReviewQueue, type ReviewDecision } from '../api/review-queue';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';

// The review queue (docs/accounts.md, ownership): agents registered without an e-mail address are
// not listed until staff look at them. Approve lists one (nobody owns it; staff can still edit or
// remove it); Reject deletes it for good, so its name is free for its real maker. Both go to the
// audit log. A decided agent stays in view with what was done, until the next load.

type Decided = Record<string, ReviewDecision>;

export function ReviewQueuePanel({ onChanged }: { onChanged: () => void }) {
  const { run } = useAdminSession();
  const [decided, setDecided] = useState<Decided>({});
  const loadPage = useCallback(
    (offset: number, signal: AbortSignal) => run(() => getReviewQueue(offset, signal)),
    [run],
  );
  const list = usePagedList('review-queue', loadPage, (agent) => agent.id);
  const waiting = list.total - Object.keys(decided).length;

  const decide = useCallback(
    (id: string, decision: ReviewDecision) => {
      setDecided((old) => ({ ...old, [id]: decision }));
      onChanged();
    },
    [onChanged],
  );

  return (
    <section className="dashboard-panel" aria-labelledby="review-queue-title">
      <h2 id="review-queue-title">
        Review queue
        {list.status === 'success' ? (
          <span className="dashboard-section__count"> ({formatCount(Math.max(0, waiting))} waiting)</span>
        ) : null}
      </h2>
      <p>
        Agents registered without an e-mail address. They are not listed until you approve them; rejecting one
        deletes it.
      </p>
      {list.status === 'loading' ? <PageLoading label="Loading the review queue..." /> : null}
      {list.status === 'error' ? (
        <p className="notice notice--error" role="alert">
          {ADMIN_MESSAGES.fetchReviewQueueFailed}
        </p>
      ) : null}
      {list.status === 'success' && list.items.length === 0 ? <p>Nothing waits for review.</p> : null}
      {list.items.length > 0 ? (
        <ul className="admin-review">
          {list.items.map((agent) => (
            <li key={agent.id}>
              <HeldAgentRow agent={agent} decided={decided[agent.id] ?? null} onDecided={decide} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.status === 'success' ? (
        <ShowMore
          className="admin-more"
          shown={list.items.length}
          total={list.total}
          more={list.more}
          onMore={list.loadMore}
          label="Show more agents to review"
          failure={ADMIN_MESSAGES.fetchReviewQueueFailed}
        />
      ) : null}
    </section>
  );
}

function HeldAgentRow({
  agent,
  decided,
  onDecided,
}: {
  agent: AdminAgent;
  decided: ReviewDecision | null;
  onDecided: (id: string, decision: ReviewDecision) => void;
}) {
  const { run } = useAdminSession();
  const [busy, setBusy] = useState<ReviewDecision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = decodeEntities(agent.name);

  async function decide(decision: ReviewDecision) {
    if (busy) return;
    setBusy(decision);
    setFailure(null);
    try {
      await run((token) => decideHeldAgent(token, agent.id, decision));
      onDecided(agent.id, decision);
    } catch (error) {
      setFailure(
        errorText(error, decision === 'approve' ? ADMIN_MESSAGES.approveFailed : ADMIN_MESSAGES.rejectFailed),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={`admin-agent${decided === 'reject' ? ' admin-agent--removed' : ''}`}>
      <div className="admin-agent__main">
        <p className="admin-agent__name">
          <strong>{name}</strong>
          <span className={`status-badge${decided === 'approve' ? ' status-badge--active' : ''}`}>
            {decided === 'approve'
              ? 'Approved: listed'
              : decided === 'reject'
                ? 'Rejected: deleted'
                : 'Awaiting review'}
          </span>
        </p>
        <p className="admin-agent__meta">
          <span>by {decodeEntities(agent.provider)}</span>
          <span>
            {decodeEntities(agent.category)} · {decodeEntities(agent.role)}
          </span>
          <span>{decodeEntities(agent.cost)}</span>
          <a href={agent.address} target="_blank" rel="noopener noreferrer nofollow">
            {agent.address}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        <p className="admin-review__description">{decodeEntities(agent.description)}</p>
      </div>
      {decided ? null : (
        <div className="admin-agent__actions">
          <button
            className="button button--primary button--small"
            type="button"
            aria-disabled={busy !== null || undefined}
            onClick={() => void decide('approve')}
          >
            {busy === 'approve' ? 'Approving...' : 'Approve'}
            <span className="visually-hidden"> {name}</span>
          </button>
          <button
            className="button button--secondary button--small"
            type="button"
            aria-disabled={busy !== null || undefined}
            onClick={() => void decide('reject')}
          >
            {busy === 'reject' ? 'Rejecting...' : 'Reject'}
            <span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
      {failure ? (
        <p className="form-field__error admin-agent__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
