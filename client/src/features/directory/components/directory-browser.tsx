import type { PublicAgent } from '@agentry/domain/agent';
import { directoryPageOffset } from '@agentry/domain/directory-reads';
import { decodeEntities } from '@agentry/domain/html-entities';
import { buildDirectoryMeta, buildDirectoryNotFoundMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMoreLink, useAppendedFocus } from '../../../components/ui/show-more-link';
import { BACK_TO_CATALOG, StatusPage } from '../../../components/ui/status-page';
import { siteOrigin } from '../../../config/site';
import { useDocumentHead } from '../../../hooks/use-document-head';
import { formatCount } from '../../../lib/format-count';
import { useDirectory } from '../hooks/use-directory';
import { directoryHref } from '../hooks/use-directory-selection';
import { DirectoryFilters } from './directory-filters';
import { agentsLabel, DirectoryOverview } from './directory-overview';
import { RoleFilters } from './role-filters';

// The directory page (spec sections 2, 4, 8): category and dependent role dropdowns. With nothing
// chosen, the categories as tiles; a category lists its agents at once, with its roles as filters
// beside them (issue 25, where the spec showed agents only once a role was chosen too). Every
// choice is an address of its own. Messages are the spec's, word for word.

export const DIRECTORY_MESSAGES = {
  empty: 'No agents found for the selected category and role.',
  dataError: 'Error: Failed to fetch data',
  rolesError: 'Error: Failed to fetch roles',
  agentsError: 'Error: Failed to fetch agents by role',
} as const;

/**
 * "2 agents", or "Showing 100 of 3,412 agents" while more are left to load; from page 2 on
 * (?page=N), "Showing agents 25–48 of 61".
 */
function summaryText(shown: number, total: number, offset: number): string {
  if (offset > 0 && shown > 0)
    return `Showing agents ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`;
  return shown < total
    ? `Showing ${formatCount(shown)} of ${agentsLabel(total)}`
    : (agentsLabel(total) ?? '');
}

const NO_AGENTS: PublicAgent[] = [];

export function DirectoryBrowser() {
  const directory = useDirectory();
  const { category, role, page, categories, counts, firstAgents, roles, agents, notFound } = directory;
  const bothChosen = category !== '' && role !== '';

  // The structured data names the first agents of what the page shows and counts the rest.
  const agentsShown = agents.status === 'success';
  const described = useMemo<{ agents: PublicAgent[]; total?: number }>(() => {
    if (category) return agentsShown ? { agents: agents.items, total: agents.total } : { agents: NO_AGENTS };
    return firstAgents.status === 'success'
      ? { agents: firstAgents.data.items, total: firstAgents.data.total }
      : { agents: NO_AGENTS };
  }, [category, agentsShown, agents.items, agents.total, firstAgents]);
  const meta = useMemo(
    () =>
      notFound
        ? buildDirectoryNotFoundMeta(siteOrigin(), { category, role })
        : buildDirectoryMeta(siteOrigin(), described.agents, { category, role }, described.total, page),
    [notFound, described, category, role, page],
  );
  useDocumentHead(meta);
  // The first card "Show more" brought takes the focus.
  const focus = useAppendedFocus(agents.items.length);
  // The server answers the same address with 404 and this page (issue 25: no soft 404).
  if (notFound) return <DirectoryNotFound category={category} role={role} />;

  const errors = (
    [
      (categories.status === 'error' || counts.status === 'error' || firstAgents.status === 'error') &&
        DIRECTORY_MESSAGES.dataError,
      roles.status === 'error' && DIRECTORY_MESSAGES.rolesError,
      (agents.status === 'error' || agents.more === 'error') &&
        (bothChosen ? DIRECTORY_MESSAGES.agentsError : DIRECTORY_MESSAGES.dataError),
    ] as Array<string | false>
  ).filter((message): message is string => message !== false);
  const offset = directoryPageOffset(page, bothChosen);
  const onMore = () => {
    focus.expect();
    agents.loadMore();
  };

  return (
    <div className="directory container">
      <header className="page-header">
        <h1>AI agent directory</h1>
        <p className="page-header__lead">
          Browse agents by category and by the human role they replace or assist.
        </p>
      </header>
      <DirectoryFilters
        category={category}
        role={role}
        categories={categories.status === 'success' ? categories.data : []}
        categoriesLoading={categories.status === 'loading'}
        roles={roles.status === 'success' ? roles.data : []}
        rolesLoading={roles.status === 'loading'}
        onCategoryChange={directory.chooseCategory}
        onRoleChange={directory.chooseRole}
      />
      {errors.map((message) => (
        <p key={message} className="notice notice--error" role="alert">
          {message}
        </p>
      ))}
      {category ? (
        <div className="directory__layout">
          <RoleFilters
            category={category}
            role={role}
            roles={roles.status === 'success' ? roles.data : []}
            counts={counts.status === 'success' ? counts.data : null}
          />
          <section className="directory__results" aria-labelledby="directory-results-heading">
            <h2 id="directory-results-heading">
              {bothChosen
                ? `${decodeEntities(role)} agents in ${decodeEntities(category)}`
                : `${decodeEntities(category)} agents`}
            </h2>
            <p className="results-summary" role="status">
              {agents.status === 'success' ? summaryText(agents.items.length, agents.total, offset) : ''}
            </p>
            {agents.status === 'loading' && <PageLoading label="Loading agents..." />}
            {agents.status === 'success' && agents.items.length === 0 && page > 1 && agents.total > 0 ? (
              // A page past the last (the server answered it with 404): the list is on the first.
              <p className="empty-state">
                This page lists no agents: there are {formatCount(agents.total)}.{' '}
                <Link to={directoryHref(category, role)}>See the first agents</Link>.
              </p>
            ) : agents.status === 'success' && agents.items.length === 0 ? (
              <p className="empty-state">{DIRECTORY_MESSAGES.empty}</p>
            ) : null}
            {agents.status === 'success' && agents.items.length > 0 && (
              <AgentGrid>
                {agents.items.map((agent, at) => (
                  <li key={agent.id} ref={focus.refAt(at)}>
                    <AgentCard agent={agent} onRoleSelect={directory.select} />
                  </li>
                ))}
              </AgentGrid>
            )}
            {agents.status === 'success' && agents.items.length > 0 && (agents.hasMore || page > 1) && (
              // A link to the next page (?page=N), appended in place with JavaScript; the failure of
              // an append is said with the page's other errors, above.
              <ShowMoreLink
                hasMore={agents.hasMore}
                nextHref={directoryHref(category, role, agents.nextPage)}
                firstHref={page > 1 ? directoryHref(category, role) : null}
                more={agents.more}
                onMore={onMore}
              />
            )}
          </section>
        </div>
      ) : (
        <DirectoryOverview
          categories={categories.status === 'success' ? categories.data : []}
          counts={counts.status === 'success' ? counts.data : null}
        />
      )}
    </div>
  );
}

/** A category the directory does not list, or a role its category does not. */
function DirectoryNotFound({ category, role }: { category: string; role: string }) {
  return (
    <StatusPage heading="Not in the directory" {...BACK_TO_CATALOG}>
      <p>
        {role
          ? `No agents are listed as ${decodeEntities(role)} in ${decodeEntities(category)}.`
          : `No category called ${decodeEntities(category)} is listed.`}{' '}
        The link may be mistyped, or its agents are no longer listed.
      </p>
    </StatusPage>
  );
}
