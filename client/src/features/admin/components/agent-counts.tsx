import { PageLoading } from '../../../components/ui/page-loading';
import { formatCount } from '../../../lib/format-count';
import type { AdminStatsState } from '../hooks/use-admin-stats';
import { ADMIN_MESSAGES } from '../utils/admin-messages';

/** The dashboard's totals (spec section 2: total and active agent counts). */
export function AgentCounts({ state }: { state: AdminStatsState }) {
  if (state.status === 'loading') return <PageLoading label="Loading the counts..." />;
  if (state.status === 'error') {
    return (
      <p className="notice notice--error" role="alert">
        {ADMIN_MESSAGES.fetchStatsFailed}
      </p>
    );
  }
  const { agents, subscriptions } = state.stats;
  const counts: Array<[string, number]> = [
    ['Total agents', agents.total],
    ['Active agents', agents.active],
    ['Removed agents', agents.removed],
    ['Active subscriptions', subscriptions.active],
  ];
  return (
    <dl className="admin-counts">
      {counts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
