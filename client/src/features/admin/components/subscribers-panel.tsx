import { useCallback, useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMore } from '../../../components/ui/show-more';
import { usePagedList } from '../../../hooks/use-paged-list';
import { errorText } from '../../../lib/api/api-client';
import { formatCount } from '../../../lib/format-count';
import { getSubscribers, type Subscriber, updateSubscriptionStatus } from '../api/subscribers';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';

// The Show/Hide Subscribers panel (spec section 2). Loaded with the rest of the admin view (spec:
// "loads subscribers ... once an admin flag is set"), shown on demand. Each subscriber shows their
// status and the opposite action: Deactivate when active, Activate otherwise (spec section 4).

const PANEL_ID = 'admin-subscribers';

export function SubscribersPanel({ onChanged }: { onChanged: () => void }) {
  const { run } = useAdminSession();
  const [shown, setShown] = useState(false);
  // Subscribers as saved since the page loaded, over the loaded copies.
  const [saved, setSaved] = useState<Record<string, Subscriber>>({});
  const loadPage = useCallback(
    (offset: number, signal: AbortSignal) => run(() => getSubscribers(offset, signal)),
    [run],
  );
  const list = usePagedList('subscribers', loadPage, (subscriber) => subscriber.id);

  const changed = useCallback(
    (subscriber: Subscriber) => {
      setSaved((old) => ({ ...old, [subscriber.id]: subscriber }));
      onChanged();
    },
    [onChanged],
  );

  return (
    <section className="dashboard-panel" aria-labelledby="subscribers-title">
      <div className="dashboard-section__head">
        <h2 id="subscribers-title">
          Subscribers
          {list.status === 'success' ? (
            <span className="dashboard-section__count"> ({formatCount(list.total)})</span>
          ) : null}
        </h2>
        <button
          className="button button--secondary button--small"
          type="button"
          aria-expanded={shown}
          aria-controls={PANEL_ID}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide Subscribers' : 'Show Subscribers'}
        </button>
      </div>
      <div id={PANEL_ID} hidden={!shown}>
        {list.status === 'loading' ? <PageLoading label="Loading subscribers..." /> : null}
        {list.status === 'error' ? (
          <p className="notice notice--error" role="alert">
            {ADMIN_MESSAGES.fetchSubscribersFailed}
          </p>
        ) : null}
        {list.status === 'success' && list.items.length === 0 ? <p>No subscribers yet.</p> : null}
        {list.items.length > 0 ? (
          <ul className="admin-subscribers">
            {list.items.map((subscriber) => (
              <li key={subscriber.id}>
                <SubscriberRow subscriber={saved[subscriber.id] ?? subscriber} onChanged={changed} />
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
            label="Show more subscribers"
            failure={ADMIN_MESSAGES.fetchSubscribersFailed}
          />
        ) : null}
      </div>
    </section>
  );
}

function SubscriberRow({
  subscriber,
  onChanged,
}: {
  subscriber: Subscriber;
  onChanged: (subscriber: Subscriber) => void;
}) {
  const { run } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const active = subscriber.subscription_status === 'active';
  const next = active ? 'inactive' : 'active';

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await run((token) => updateSubscriptionStatus(token, subscriber.id, next)));
    } catch (error) {
      setFailure(errorText(error, ADMIN_MESSAGES.subscriptionStatusFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-subscriber">
      <div className="admin-subscriber__main">
        <p className="admin-agent__name">
          <strong>{subscriber.full_name}</strong>
          <span className={`status-badge${active ? ' status-badge--active' : ''}`}>
            {subscriber.subscription_status || 'inactive'}
          </span>
        </p>
        <p className="admin-agent__meta">
          <span>{subscriber.email}</span>
          <span>{subscriber.organization}</span>
          <span>{subscriber.user_type === 'agent_provider' ? 'Agent provider' : 'Employer'}</span>
          <span>
            {formatCount(subscriber.agent_count)} agents ({formatCount(subscriber.active_agent_count)} active)
          </span>
        </p>
      </div>
      <div className="admin-agent__actions">
        <button
          className={`button button--small ${active ? 'button--secondary' : 'button--primary'}`}
          type="button"
          aria-disabled={busy || undefined}
          onClick={() => void toggle()}
        >
          {busy ? 'Saving...' : active ? 'Deactivate' : 'Activate'}
          <span className="visually-hidden"> {subscriber.full_name}</span>
        </button>
      </div>
      {failure ? (
        <p className="form-field__error admin-agent__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
