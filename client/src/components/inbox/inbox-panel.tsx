import { formatReplyTime } from '@agentry/domain/reply-time';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { usePagedList } from '../../hooks/use-paged-list';
import { errorText } from '../../lib/api/api-client';
import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactStatus,
  type InboxContactRequest,
  type InboxPage,
} from '../../lib/api/contact-requests';
import { formatCount } from '../../lib/format-count';
import { PageLoading } from '../ui/page-loading';
import { ShowMore } from '../ui/show-more';
import type { InboxApi } from './inbox-api';
import { InboxRequest } from './inbox-request';

// An inbox of contact and demo requests (the provider's, or the admin one): a filter by status
// with the count of each, the requests newest first a page at a time, and on each a reply form
// and its status. What is changed here shows at once; the counts follow.

type Counts = Record<ContactStatus, number>;

function afterChange(counts: Counts | null, before: ContactStatus, after: ContactStatus): Counts | null {
  if (!counts || before === after) return counts;
  return { ...counts, [before]: Math.max(0, counts[before] - 1), [after]: counts[after] + 1 };
}

export function InboxPanel({
  api,
  title = 'Inbox',
  headingId,
  intro,
}: {
  api: InboxApi;
  title?: string;
  headingId: string;
  intro?: ReactNode;
}) {
  const [filter, setFilter] = useState<ContactStatus | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [replyTime, setReplyTime] = useState<InboxPage['replyTime']>(undefined);
  // Requests as changed since they were loaded, over the loaded copies.
  const [changed, setChanged] = useState<Record<string, InboxContactRequest>>({});
  // Requests on screen that have left the filter's status: the server's list no longer holds
  // them, so the next page starts that many earlier (or it would skip as many requests).
  const leftFilter = useRef(0);
  leftFilter.current = filter
    ? Object.values(changed).filter((request) => request.status !== filter).length
    : 0;

  const loadPage = useCallback(
    async (offset: number, signal: AbortSignal) => {
      try {
        const page = await api.list(filter, Math.max(0, offset - leftFilter.current), signal);
        if (!signal.aborted) {
          setCounts(page.counts);
          setReplyTime(page.replyTime);
        }
        return page;
      } catch (error) {
        if (!signal.aborted) setFailure(errorText(error, 'We could not load the requests.'));
        throw error;
      }
    },
    [api, filter],
  );
  const key = `${filter ?? 'all'}:${attempt}`;
  const list = usePagedList(key, loadPage, (request) => request.id);
  // A freshly loaded page is the newest copy of everything on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets whenever another list is loaded
  useEffect(() => {
    setChanged({});
    setFailure(null);
  }, [key]);

  function onChanged(request: InboxContactRequest) {
    const before = changed[request.id] ?? list.items.find((item) => item.id === request.id);
    if (before) setCounts((current) => afterChange(current, before.status, request.status));
    setChanged((old) => ({ ...old, [request.id]: request }));
  }

  const all = counts ? counts.new + counts.replied + counts.closed : null;
  const filters: Array<{ status: ContactStatus | null; label: string; count: number | null }> = [
    { status: null, label: 'All', count: all },
    ...CONTACT_STATUSES.map((status) => ({
      status,
      label: CONTACT_STATUS_LABELS[status],
      count: counts ? counts[status] : null,
    })),
  ];

  return (
    <section className="dashboard-panel inbox" aria-labelledby={headingId}>
      <div className="dashboard-section__head">
        <h2 id={headingId}>
          {title}
          {counts && counts.new > 0 ? (
            <span className="dashboard-section__count"> ({formatCount(counts.new)} new)</span>
          ) : null}
        </h2>
      </div>
      {intro}
      {replyTime ? <ReplyTimeLine replyTime={replyTime} /> : null}
      <fieldset className="inbox__filters">
        <legend className="visually-hidden">Show requests by status</legend>
        {filters.map(({ status, label, count }) => (
          <button
            key={label}
            type="button"
            className="inbox__filter"
            aria-pressed={filter === status}
            onClick={() => setFilter(status)}
          >
            {label}
            {count === null ? null : <span className="inbox__filter-count"> ({formatCount(count)})</span>}
          </button>
        ))}
      </fieldset>
      {list.status === 'loading' ? <PageLoading label="Loading requests..." /> : null}
      {list.status === 'error' ? (
        <div className="notice notice--error">
          <p>{failure ?? 'We could not load the requests.'}</p>
          <button
            className="button button--secondary button--small"
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Load the requests again
          </button>
        </div>
      ) : null}
      {list.status === 'success' && list.items.length === 0 ? (
        <p className="empty-state">
          {filter ? `No ${CONTACT_STATUS_LABELS[filter].toLowerCase()} requests.` : 'No requests yet.'}
        </p>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="inbox__list">
          {list.items.map((request) => (
            <li key={request.id}>
              <InboxRequest request={changed[request.id] ?? request} api={api} onChanged={onChanged} />
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
          failure={failure ?? 'We could not load more requests.'}
        />
      ) : null}
    </section>
  );
}

/** How quickly the provider answers (issue 28): the median time to a first reply, one request per employer. */
function ReplyTimeLine({ replyTime }: { replyTime: NonNullable<InboxPage['replyTime']> }) {
  const { employers, answered, median_minutes: median } = replyTime;
  if (employers === 0) return null;
  return (
    <p className="inbox__reply-time">
      {median === null
        ? `No reply yet to the ${employers === 1 ? 'employer' : `${employers} employers`} who wrote.`
        : `Median reply time: ${formatReplyTime(median)} (${answered} of ${employers} ${employers === 1 ? 'employer' : 'employers'} answered).`}
      {replyTime.usually_within_day ? ' Your agents\u2019 pages say "Usually replies within a day".' : null}
    </p>
  );
}
