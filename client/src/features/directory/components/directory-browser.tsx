import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';
import { buildDirectoryMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { PageLoading } from '../../../components/ui/page-loading';
import { siteOrigin } from '../../../config/site';
import { useDocumentHead } from '../../../hooks/use-document-head';
import { useDirectory } from '../hooks/use-directory';
import { DirectoryFilters } from './directory-filters';
import { DirectoryOverview } from './directory-overview';

// The directory page (spec sections 2, 4, 8): category and dependent role dropdowns; agents show
// only when both are chosen. Messages are the spec's, word for word.

export const DIRECTORY_MESSAGES = {
  empty: 'No agents found for the selected category and role.',
  dataError: 'Error: Failed to fetch data',
  rolesError: 'Error: Failed to fetch roles',
  agentsError: 'Error: Failed to fetch agents by role',
} as const;

function countText(count: number): string {
  return count === 1 ? '1 agent' : `${count} agents`;
}

export function DirectoryBrowser() {
  const directory = useDirectory();
  const { category, role, categories, allAgents, roles, agents } = directory;
  const bothChosen = category !== '' && role !== '';

  const shownAgents = useMemo<PublicAgent[]>(() => {
    if (bothChosen) return agents.status === 'success' ? agents.data : [];
    if (allAgents.status !== 'success') return [];
    return category ? allAgents.data.filter((agent) => agent.category === category) : allAgents.data;
  }, [bothChosen, agents, allAgents, category]);
  const meta = useMemo(
    () => buildDirectoryMeta(siteOrigin(), shownAgents, { category, role }),
    [shownAgents, category, role],
  );
  useDocumentHead(meta);

  const errors = (
    [
      (categories.status === 'error' || allAgents.status === 'error') && DIRECTORY_MESSAGES.dataError,
      roles.status === 'error' && DIRECTORY_MESSAGES.rolesError,
      agents.status === 'error' && DIRECTORY_MESSAGES.agentsError,
    ] as Array<string | false>
  ).filter((message): message is string => message !== false);

  return (
    <div className="directory container">
      <header className="page-header">
        <h1>AI agent directory</h1>
        <p className="page-header__lead">
          Browse agents by category and by the human role they replace or assist. Pick both to see the agents.
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
      {bothChosen ? (
        <section className="directory__results" aria-labelledby="directory-results-heading">
          <h2 id="directory-results-heading">
            {decodeEntities(role)} agents in {decodeEntities(category)}
          </h2>
          <p className="results-summary" role="status">
            {agents.status === 'success' ? countText(agents.data.length) : ''}
          </p>
          {agents.status === 'loading' && <PageLoading label="Loading agents..." />}
          {agents.status === 'success' && agents.data.length === 0 && (
            <p className="empty-state">{DIRECTORY_MESSAGES.empty}</p>
          )}
          {agents.status === 'success' && agents.data.length > 0 && (
            <AgentGrid>
              {agents.data.map((agent) => (
                <li key={agent.id}>
                  <AgentCard agent={agent} onRoleSelect={directory.select} />
                </li>
              ))}
            </AgentGrid>
          )}
        </section>
      ) : (
        <DirectoryOverview
          category={category}
          categories={categories.status === 'success' ? categories.data : []}
          roles={roles.status === 'success' ? roles.data : []}
          agents={allAgents.status === 'success' ? allAgents.data : null}
          onCategoryChoose={directory.chooseCategory}
          onRoleChoose={directory.chooseRole}
        />
      )}
    </div>
  );
}
