import { PLANS } from '@agentry/domain/plans';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCompareSelection } from '../../hooks/use-compare-selection';
import { hasEmployerPlan } from '../../lib/auth/auth-api';
import { useAuth } from '../../lib/auth/auth-provider';
import { COMPARE_MAX, COMPARE_MIN, compareLink } from '../../lib/compare-selection';

/**
 * What the tray needs before anyone spends effort filling it (issue 25): comparing is part of the
 * employer plan, so anyone without it is told so, and where to get it, from the first pick.
 */
function PlanNeeded() {
  const { state } = useAuth();
  if (state.status === 'loading') return null;
  const user = state.status === 'signed-in' ? state.user : null;
  if (user && user.user_type !== 'agent_provider' && hasEmployerPlan(user)) return null;
  const plan = PLANS.employer;
  const employer = user !== null && user.user_type !== 'agent_provider';
  return (
    <p className="compare-bar__plan">
      Comparing is part of the {plan.name.toLowerCase()} (${plan.priceUsd}/month).{' '}
      {employer ? (
        <Link to="/account-setup" state={{ mode: 'upgrade' }}>
          Subscribe
        </Link>
      ) : (
        <Link to="/employer-signup">Get the employer plan</Link>
      )}
    </p>
  );
}

/** The agents picked for comparison, stuck to the bottom of the page while any are picked. */
export function CompareBar() {
  const { agents, remove, clear } = useCompareSelection();
  const barRef = useRef<HTMLDivElement>(null);
  const [removed, setRemoved] = useState(0);
  // The × that was pressed is gone: focus stays in the bar rather than falling to the page.
  useEffect(() => {
    if (removed > 0) barRef.current?.focus();
  }, [removed]);
  if (agents.length === 0) return null;
  const ready = agents.length >= COMPARE_MIN;
  return (
    <aside className="compare-bar" aria-label="Agents to compare">
      <div className="compare-bar__inner" ref={barRef} tabIndex={-1}>
        {ready ? (
          <Link
            className="button button--primary button--small"
            to={compareLink(agents.map((agent) => agent.id))}
          >
            Compare ({agents.length})
          </Link>
        ) : (
          <span className="compare-bar__count">Compare ({agents.length})</span>
        )}
        <ul className="compare-bar__list">
          {agents.map((agent) => {
            const name = agent.name || `Agent ${agent.id}`;
            return (
              <li key={agent.id}>
                <Link to={`/agents/${encodeURIComponent(agent.id)}`}>{name}</Link>
                <button
                  type="button"
                  className="compare-bar__remove"
                  aria-label={`Remove ${name} from the comparison`}
                  onClick={() => {
                    remove(agent.id);
                    setRemoved((count) => count + 1);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
        <PlanNeeded />
        <p className="compare-bar__hint">
          {ready
            ? `Up to ${COMPARE_MAX} agents side by side.`
            : `Pick at least ${COMPARE_MIN} agents to compare.`}
        </p>
        <button type="button" className="compare-bar__clear" onClick={clear}>
          Clear<span className="visually-hidden"> the comparison</span>
        </button>
      </div>
    </aside>
  );
}
