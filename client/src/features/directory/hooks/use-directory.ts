import type { PublicAgent } from '@agentry/domain/agent';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
import { getAgentsByRole } from '../../../lib/api/get-agents-by-role';
import { getCategories } from '../../../lib/api/get-categories';
import { getRoles } from '../../../lib/api/get-roles';
import { getDirectoryAgents } from '../api/get-directory-agents';
import { useDirectorySelection } from './use-directory-selection';

// The directory flow of spec section 4: categories on arrival; a category loads its roles; a role
// (with its category) loads the agents. Everything is keyed by the choice, so a stale answer for an
// earlier choice is never shown.

export interface DirectoryState {
  category: string;
  role: string;
  chooseCategory: (category: string) => void;
  chooseRole: (role: string) => void;
  select: (category: string, role: string) => void;
  categories: AsyncState<string[]>;
  /** Every listed agent, for the overview and the structured data, loaded until both are chosen. */
  allAgents: AsyncState<PublicAgent[]>;
  roles: AsyncState<string[]>;
  agents: AsyncState<PublicAgent[]>;
}

export function useDirectory(): DirectoryState {
  const selection = useDirectorySelection();
  const { category, role } = selection;
  const bothChosen = category !== '' && role !== '';
  const categories = useAsync('categories', getCategories);
  const allAgents = useAsync(bothChosen ? null : 'all', getDirectoryAgents);
  const roles = useAsync(category || null, (signal) => getRoles(category, signal));
  const agents = useAsync(bothChosen ? `${category}\u0000${role}` : null, (signal) =>
    getAgentsByRole(role, category, signal),
  );
  return { ...selection, categories, allAgents, roles, agents };
}
