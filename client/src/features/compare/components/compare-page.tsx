import type { ComparedAgent } from '@agentry/domain/compare-rows';
import { COMPARISON_CSV_FILE_NAME, comparisonCsv } from '@agentry/domain/comparison-csv';
import { decodeEntities } from '@agentry/domain/html-entities';
import { ROUTES } from '@agentry/domain/routes';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SaveToListDialog } from '../../../components/employer-tools/save-to-list-dialog';
import { SubscribeInvitation } from '../../../components/employer-tools/subscribe-invitation';
import { PageLoading } from '../../../components/ui/page-loading';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useCompareSelection } from '../../../hooks/use-compare-selection';
import { ApiError, errorText } from '../../../lib/api/api-client';
import { requiresSubscription } from '../../../lib/api/requires-subscription';
import { useEmployerAccess } from '../../../lib/auth/employer-access';
import { COMPARE_MAX, COMPARE_MIN, compareLink } from '../../../lib/compare-selection';
import { useComparison } from '../hooks/use-comparison';
import { idsFromQuery } from '../utils/compare-ids';
import { ComparisonTable } from './comparison-table';

// /compare: the agents picked for comparison (or those of ?ids=, so a comparison can be shared)
// side by side. Without ?ids= the page writes the selection into the URL, so its address is
// always the comparison's. Employers with an active subscription only; others see what it offers.

function missingIds(error: unknown): string[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.missing_ids)) return [];
  return error.body.missing_ids.filter((id): id is string => typeof id === 'string');
}

export function ComparePage() {
  useBasicPageMeta(
    'Compare agents',
    'Up to four AI agents side by side: category, role, provider, cost and more.',
  );
  const access = useEmployerAccess();
  const selection = useCompareSelection();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromUrl = params.get('ids');
  const ids = fromUrl === null ? selection.agents.map((agent) => agent.id) : idsFromQuery(fromUrl);
  const [attempt, setAttempt] = useState(0);
  const comparison = useComparison(ids, access === 'active', attempt);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  // The selection goes into the address, which can then be bookmarked or sent.
  const idsKey = ids.join(',');
  useEffect(() => {
    if (fromUrl === null && idsKey !== '')
      navigate(compareLink(idsKey.split(',')), { replace: true, preventScrollReset: true });
  }, [fromUrl, idsKey, navigate]);

  function setIds(next: readonly string[]) {
    navigate(compareLink(next), { replace: true, preventScrollReset: true });
  }

  function remove(agent: ComparedAgent) {
    setIds(ids.filter((id) => id !== agent.id));
    selection.remove(agent.id);
    setAnnouncement(`${decodeEntities(agent.name)} was removed from the comparison.`);
    headingRef.current?.focus();
  }

  const header = (
    <header className="page-header">
      <h1 ref={headingRef} tabIndex={-1}>
        Compare agents
      </h1>
      <p className="page-header__lead">
        Up to {COMPARE_MAX} agents side by side. Rows where they differ are highlighted.
      </p>
    </header>
  );

  if (access === 'loading') return <PageLoading />;
  const refused = comparison.status === 'error' && requiresSubscription(comparison.error);
  if (access !== 'active' || refused) {
    return (
      <div className="container compare-page">
        {header}
        <section className="dashboard-panel upsell" aria-label="Comparison for employers">
          <p>
            Put up to {COMPARE_MAX} agents side by side, see at a glance where they differ, print the table or
            share its link with your team, and contact each provider from it.
          </p>
          <SubscribeInvitation access={refused ? 'lapsed' : access} />
        </section>
      </div>
    );
  }

  const agents = comparison.agents;
  const named = agents.map((agent) => ({ id: agent.id, name: decodeEntities(agent.name) }));
  return (
    <div className="container compare-page">
      {header}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {ids.length < COMPARE_MIN ? (
        <div className="empty-state">
          <p>
            {ids.length === 0
              ? 'Nothing to compare yet.'
              : `Pick at least ${COMPARE_MIN} agents to compare: one is chosen so far.`}
          </p>
          <p>
            Use <strong>Compare</strong> on the agents of the{' '}
            <Link to={ROUTES.employerSearch}>advanced search</Link> or on an agent's page.
          </p>
        </div>
      ) : comparison.status === 'loading' ? (
        <PageLoading label="Loading the comparison..." />
      ) : comparison.status === 'error' ? (
        <ComparisonFailure
          error={comparison.error}
          onDropMissing={(missing) => {
            setIds(ids.filter((id) => !missing.includes(id)));
            for (const id of missing) selection.remove(id);
          }}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : (
        <>
          <div className="compare-page__actions">
            <button
              ref={saveRef}
              className="button button--primary"
              type="button"
              aria-haspopup="dialog"
              onClick={() => setSaving(true)}
            >
              Save these to a list
            </button>
            <button className="button button--secondary" type="button" onClick={() => window.print()}>
              Print
            </button>
            <button className="button button--secondary" type="button" onClick={() => downloadCsv(agents)}>
              Download CSV
            </button>
            <Link className="button button--secondary" to={ROUTES.employerSearch}>
              Back to advanced search
            </Link>
          </div>
          <ComparisonTable agents={agents} onRemove={remove} />
          {saving ? (
            <SaveToListDialog agents={named} onClose={() => setSaving(false)} returnFocusTo={saveRef} />
          ) : null}
        </>
      )}
    </div>
  );
}

/** The comparison as a CSV file (domain/comparison-csv.ts), made in the page: nothing more is asked of the server. */
function downloadCsv(agents: readonly ComparedAgent[]) {
  const url = URL.createObjectURL(new Blob([comparisonCsv(agents)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = COMPARISON_CSV_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ComparisonFailure({
  error,
  onDropMissing,
  onRetry,
}: {
  error: unknown;
  onDropMissing: (missing: string[]) => void;
  onRetry: () => void;
}) {
  const missing = missingIds(error);
  return (
    <div className="notice notice--error" role="alert">
      <p>{errorText(error, 'We could not load the comparison.')}</p>
      {missing.length > 0 ? (
        <button
          className="button button--secondary button--small"
          type="button"
          onClick={() => onDropMissing(missing)}
        >
          Compare the others
        </button>
      ) : (
        <button className="button button--secondary button--small" type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
