import { decodeEntities } from '@agentry/domain/html-entities';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMore } from '../../../components/ui/show-more';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { usePagedList } from '../../../hooks/use-paged-list';
import { formatCount } from '../../../lib/format-count';
import { type AdminAgent, getAdminAgents } from '../api/get-admin-agents';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { AgentDetails } from './agent-details';

// /rjs: the simple all-agents list of spec section 2, one line per agent with a Select Agent
// button that shows the chosen agent's details. It reads the admin list (GET /api/admin/agents),
// so it needs an admin session; without one it says 'Failed to fetch agents' (spec section 8).

export function AllAgentsPage() {
  useBasicPageMeta('All agents', 'Every agent in the catalog, for staff.');
  const loadPage = useCallback(async (offset: number, signal: AbortSignal) => {
    const page = await getAdminAgents({ offset }, signal);
    return { items: page.agents, total: page.total };
  }, []);
  const list = usePagedList('all-agents', loadPage, (agent) => agent.id);
  const [selected, setSelected] = useState<AdminAgent | null>(null);
  const detailsRef = useRef<HTMLHeadingElement>(null);

  // The keyboard moves to the details asked for.
  useEffect(() => {
    if (selected) detailsRef.current?.focus();
  }, [selected]);

  return (
    <div className="container dashboard all-agents">
      <header className="page-header">
        <h1>All agents</h1>
        {list.status === 'success' ? (
          <p className="page-header__lead">
            {formatCount(list.total)} agents, removed ones included. <Link to="/admin">Admin dashboard</Link>
          </p>
        ) : null}
      </header>
      {list.status === 'loading' ? <PageLoading label="Loading agents..." /> : null}
      {list.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          {ADMIN_MESSAGES.fetchAgentsFailed}. <Link to="/admin">Log in as an admin</Link> to see the list.
        </div>
      ) : null}
      <div className="all-agents__layout">
        {selected ? <AgentDetails agent={selected} headingRef={detailsRef} /> : null}
        {list.items.length > 0 ? (
          <ul className="all-agents__list" aria-label="Agents">
            {list.items.map((agent) => {
              const name = decodeEntities(agent.name);
              return (
                <li key={agent.id} className="all-agents__item">
                  <span>
                    <strong>{name}</strong> · {decodeEntities(agent.provider)} ·{' '}
                    {decodeEntities(agent.category)}
                    {agent.removed ? (
                      <span className="status-badge status-badge--removed">Removed</span>
                    ) : null}
                  </span>
                  <button
                    className="button button--secondary button--small"
                    type="button"
                    aria-pressed={selected?.id === agent.id}
                    onClick={() => setSelected(agent)}
                  >
                    Select Agent<span className="visually-hidden"> {name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      {list.status === 'success' ? (
        <ShowMore
          className="admin-more"
          shown={list.items.length}
          total={list.total}
          more={list.more}
          onMore={list.loadMore}
          failure={ADMIN_MESSAGES.fetchAgentsFailed}
        />
      ) : null}
    </div>
  );
}
