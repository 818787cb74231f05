import { ADMIN_NAME_SEARCH_MAX } from '@agentry/domain/admin-rules';
import { decodeEntities } from '@agentry/domain/html-entities';
import { useMemo } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMore } from '../../../components/ui/show-more';
import type { AsyncState } from '../../../hooks/use-async';
import { formatCount } from '../../../lib/format-count';
import type { AdminAgent } from '../api/get-admin-agents';
import type { useAdminAgents } from '../hooks/use-admin-agents';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { groupAgents } from '../utils/group-agents';
import { AdminAgentRow } from './admin-agent-row';

// "Manage Agents" (spec section 2): the loaded agents grouped by category, then role, removed ones
// included, a page at a time; a category filter and a search by name (issue 25) narrow a catalog
// of 100,000 to what is wanted.

export function ManageAgents({
  agents,
  category,
  categories,
  onCategoryChange,
  nameText,
  searchedName,
  onNameChange,
  onChanged,
  onEdit,
}: {
  agents: ReturnType<typeof useAdminAgents>;
  category: string;
  categories: AsyncState<string[]>;
  onCategoryChange: (category: string) => void;
  /** What is typed in the name search, and the part of a name the list was last asked for. */
  nameText: string;
  searchedName: string;
  onNameChange: (text: string) => void;
  onChanged: (agent: AdminAgent) => void;
  onEdit: (agent: AdminAgent, opener: HTMLElement) => void;
}) {
  const { state, loadMore, retry } = agents;
  const groups = useMemo(() => groupAgents(state.items), [state.items]);
  const options = categories.status === 'success' ? categories.data : [];

  return (
    <section className="dashboard-panel" aria-labelledby="manage-agents-title">
      <div className="dashboard-section__head">
        <h2 id="manage-agents-title">Manage Agents</h2>
        <div className="admin-filters">
          <div className="field admin-filter">
            <label htmlFor="manage-agents-name">Search by name</label>
            <input
              id="manage-agents-name"
              type="search"
              value={nameText}
              maxLength={ADMIN_NAME_SEARCH_MAX}
              autoComplete="off"
              placeholder="e.g. LedgerLark"
              onChange={(event) => onNameChange(event.target.value)}
            />
          </div>
          <div className="field admin-filter">
            <label htmlFor="manage-agents-category">Category</label>
            <select
              id="manage-agents-category"
              value={category}
              onChange={(event) => onCategoryChange(event.target.value)}
            >
              <option value="">All categories</option>
              {category && !options.includes(category) ? <option value={category}>{category}</option> : null}
              {options.map((name) => (
                <option key={name} value={name}>
                  {decodeEntities(name)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {categories.status === 'error' ? (
        <p className="form-field__hint">{ADMIN_MESSAGES.fetchCategoriesFailed}</p>
      ) : null}
      {state.status === 'loading' ? <PageLoading label="Loading agents..." /> : null}
      {state.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          {ADMIN_MESSAGES.fetchAgentsFailed}{' '}
          <button className="link-button" type="button" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status !== 'loading' ? (
        <p className="results-summary" role="status">
          {state.total === 0 && state.status === 'ready'
            ? searchedName || category
              ? `No agents match${searchedName ? ` “${searchedName}”` : ''}${category ? ` in ${decodeEntities(category)}` : ''}.`
              : 'No agents yet.'
            : `Showing ${formatCount(state.items.length)} of ${formatCount(state.total)} agents${searchedName ? ` whose name contains “${searchedName}”` : ''}`}
        </p>
      ) : null}
      {groups.map((group, index) => (
        <section className="admin-group" key={group.category} aria-labelledby={`admin-category-${index}`}>
          <h3 id={`admin-category-${index}`}>{decodeEntities(group.category)}</h3>
          {group.roles.map((roleGroup) => (
            <div className="admin-role" key={roleGroup.role}>
              <h4>{decodeEntities(roleGroup.role)}</h4>
              <ul className="admin-agent-list">
                {roleGroup.agents.map((agent) => (
                  <li key={agent.id}>
                    <AdminAgentRow agent={agent} onChanged={onChanged} onEdit={onEdit} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
      <ShowMore
        className="admin-more"
        shown={state.items.length}
        total={state.total}
        more={state.more}
        onMore={loadMore}
        disabled={state.status !== 'ready'}
        failure={ADMIN_MESSAGES.fetchAgentsFailed}
      />
    </section>
  );
}
