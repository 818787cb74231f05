import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import { useEffect, useRef } from 'react';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { useAsync } from '../../../hooks/use-async';
import { getAgentsByRole } from '../../../lib/api/get-agents-by-role';

// The role-filtered view of spec section 4: "{role} agents in the {category} category", with a
// back button labelled "Search Results" when earlier results exist, otherwise "Home". If the role
// search fails, the earlier results are filtered by role and category instead.

export interface RoleSelection {
  role: string;
  category: string;
}

interface RoleViewProps {
  selection: RoleSelection;
  earlierResults: readonly PublicAgent[];
  hasEarlierResults: boolean;
  onBack: () => void;
  onRoleSelect: (role: string, category: string) => void;
}

export function roleViewHeading({ role, category }: RoleSelection): string {
  return `${decodeEntities(role)} agents in the ${decodeEntities(category)} category`;
}

function countText(count: number): string {
  return count === 1 ? '1 agent' : `${count} agents`;
}

export function RoleView({
  selection,
  earlierResults,
  hasEarlierResults,
  onBack,
  onRoleSelect,
}: RoleViewProps) {
  const { role, category } = selection;
  const state = useAsync(`${category}\u0000${role}`, (signal) => getAgentsByRole(role, category, signal));
  const headingRef = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the heading whenever another role is shown
  useEffect(() => {
    headingRef.current?.focus();
  }, [role, category]);

  const fellBack = state.status === 'error';
  const agents =
    state.status === 'success'
      ? state.data
      : fellBack
        ? earlierResults.filter((agent) => agent.role === role && agent.category === category)
        : [];

  return (
    <section className="role-view" aria-labelledby="role-view-heading">
      <button type="button" className="back-button" onClick={onBack}>
        <span aria-hidden="true">←</span> {hasEarlierResults ? 'Search Results' : 'Home'}
      </button>
      <h2 id="role-view-heading" ref={headingRef} tabIndex={-1}>
        {roleViewHeading({ role, category })}
      </h2>
      <p className="results-summary" role="status">
        {state.status === 'loading'
          ? 'Loading agents...'
          : state.status === 'idle'
            ? ''
            : countText(agents.length)}
      </p>
      {fellBack && (
        <p className="notice">
          We could not load every agent in this role just now, so these come from your search results.
        </p>
      )}
      {state.status !== 'loading' && agents.length === 0 && (
        <p className="empty-state">No agents found for this role yet.</p>
      )}
      {agents.length > 0 && (
        <AgentGrid>
          {agents.map((agent) => (
            <li key={agent.id}>
              <AgentCard agent={agent} onRoleSelect={onRoleSelect} />
            </li>
          ))}
        </AgentGrid>
      )}
    </section>
  );
}
