import { useCallback, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { getCategories } from '../../../lib/api/get-categories';
import type { AdminSession } from '../api/admin-session';
import type { AdminAgent } from '../api/get-admin-agents';
import { useAdminAgents } from '../hooks/use-admin-agents';
import { useAdminSession } from '../hooks/use-admin-session';
import { useAdminStats } from '../hooks/use-admin-stats';
import { useDelayedRefresh } from '../hooks/use-delayed-refresh';
import { AddAgentForm } from './add-agent-form';
import { AdminInboxPanel } from './admin-inbox-panel';
import { type AdminSectionId, AdminSectionNav, adminSectionOf } from './admin-section-nav';
import { AgentCounts } from './agent-counts';
import { AuditLogPanel } from './audit-log-panel';
import { AdminCharts } from './charts/admin-charts';
import { DownloadAgentsButton } from './download-agents-button';
import { EditAgentDialog } from './edit-agent-dialog';
import { ExcelUpload } from './excel-upload';
import { ManageAgents } from './manage-agents';
import { McpUsagePanel } from './mcp-usage-panel';
import { ProvidersPanel } from './providers-panel';
import { ReindexPanel } from './reindex-panel';
import { ReviewQueuePanel } from './review-queue-panel';
import { SubscribersPanel } from './subscribers-panel';
import {
  BrokenLinksPanel,
  DomainsAdminPanel,
  ListingClaimsPanel,
  ReviewModerationPanel,
} from './trust-panels';

// The admin dashboard (spec section 2), in sections at their own addresses (admin-section-nav.tsx).
// Every change to agents (add, edit, delete, restore, upload) is followed, ADMIN_REFRESH_DELAY_MS
// later, by a fresh list and fresh counts; a change of subscription by fresh counts.

/** How long typing in Manage Agents' name search pauses before the list is asked for. */
const NAME_SEARCH_DELAY_MS = 300;

export function AdminDashboard({ session }: { session: AdminSession }) {
  const { logout } = useAdminSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The login form is gone: the keyboard lands on the dashboard's heading.
  useFocusWhen(headingRef, true);
  const agentsRefresh = useDelayedRefresh();
  const subscribersRefresh = useDelayedRefresh();
  const generation = agentsRefresh.generation + subscribersRefresh.generation;
  // A finished reindex writes an audit entry: the log reads itself again then.
  const [reindexes, setReindexes] = useState(0);
  const reindexFinished = useCallback(() => setReindexes((count) => count + 1), []);
  const stats = useAdminStats(generation);
  const [category, setCategory] = useState('');
  // Staff's search by name (issue 25): the server is asked once typing pauses.
  const [nameText, setNameText] = useState('');
  const name = useDebouncedValue(nameText.trim(), NAME_SEARCH_DELAY_MS);
  const agents = useAdminAgents({ category, name }, agentsRefresh.generation);
  const categories = useAsync('categories', (signal) => getCategories(signal));
  const [editing, setEditing] = useState<AdminAgent | null>(null);
  const editOpener = useRef<HTMLElement | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const section = adminSectionOf(params.get('section'));
  const shows = (id: AdminSectionId) => section === 'all' || section === id;

  const { replace } = agents;
  const { schedule } = agentsRefresh;
  const agentChanged = useCallback(
    (agent: AdminAgent) => {
      replace(agent);
      schedule();
    },
    [replace, schedule],
  );

  return (
    <div className="container dashboard admin">
      <header className="dashboard__header">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            Admin dashboard
          </h1>
          <p className="dashboard__signed-in">Signed in as {session.username}</p>
        </div>
        <div className="dashboard__actions">
          <button
            className="button button--secondary"
            type="button"
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logout();
            }}
          >
            {loggingOut ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      </header>

      <AdminSectionNav current={section} pathname={pathname} />

      {shows('overview') ? (
        <>
          <section className="dashboard-panel" aria-labelledby="admin-overview-title">
            <h2 id="admin-overview-title">Overview</h2>
            <AgentCounts state={stats} />
            <div className="admin-overview__actions">
              <Link className="button button--secondary" to="/directory">
                View Directory
              </Link>
              <DownloadAgentsButton />
            </div>
          </section>

          <section className="dashboard-panel" aria-labelledby="admin-charts-title">
            <h2 id="admin-charts-title">Charts</h2>
            {stats.status === 'ready' ? (
              <AdminCharts stats={stats.stats} />
            ) : stats.status === 'loading' ? (
              <PageLoading label="Loading charts..." />
            ) : (
              <p>The charts need the statistics, which could not be loaded.</p>
            )}
          </section>
        </>
      ) : null}

      {shows('agents') ? (
        <>
          <div className="admin__columns">
            <AddAgentForm categories={categories} onAdded={schedule} />
            <ExcelUpload onUploaded={schedule} />
          </div>

          <ManageAgents
            agents={agents}
            category={category}
            categories={categories}
            onCategoryChange={setCategory}
            nameText={nameText}
            searchedName={name}
            onNameChange={setNameText}
            onChanged={agentChanged}
            onEdit={(agent, opener) => {
              editOpener.current = opener;
              setEditing(agent);
            }}
          />
        </>
      ) : null}

      {shows('review') ? <ReviewQueuePanel onChanged={schedule} /> : null}
      {shows('providers') ? <ProvidersPanel onChanged={schedule} /> : null}
      {shows('subscribers') ? <SubscribersPanel onChanged={subscribersRefresh.schedule} /> : null}
      {shows('inbox') ? <AdminInboxPanel /> : null}
      {shows('usage') ? <McpUsagePanel /> : null}

      {/* Trust (issue 26): moderation, domains, claims and unreachable listings. */}
      {shows('trust') ? (
        <>
          <ReviewModerationPanel onChanged={schedule} />
          <DomainsAdminPanel />
          <ListingClaimsPanel onChanged={schedule} />
          <BrokenLinksPanel />
        </>
      ) : null}

      {shows('index') ? <ReindexPanel onFinished={reindexFinished} /> : null}
      {shows('audit') ? <AuditLogPanel generation={generation + reindexes} /> : null}

      {editing ? (
        <EditAgentDialog
          agent={editing}
          categories={categories}
          returnFocusTo={editOpener}
          onSaved={(agent) => {
            setEditing(null);
            agentChanged(agent);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
