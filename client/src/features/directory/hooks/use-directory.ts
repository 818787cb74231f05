import type { PublicAgent } from '@agentry/domain/agent';
import { DIRECTORY_STRUCTURED_DATA_COUNT } from '@agentry/domain/seo';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
import { type PagedList, usePagedList } from '../../../hooks/use-paged-list';
import type { ApiPage } from '../../../lib/api/api-client';
import { getAgentsByRolePage } from '../../../lib/api/get-agents-by-role';
import { getCategories } from '../../../lib/api/get-categories';
import { getRoles } from '../../../lib/api/get-roles';
import { getDirectoryAgents } from '../api/get-directory-agents';
import { type DirectoryCount, getDirectoryCounts } from '../api/get-directory-counts';
import { useDirectorySelection } from './use-directory-selection';

// The directory flow of spec section 4: categories on arrival; a category loads its roles and its
// agents at once (issue 25: a category page lists agents, with its roles as filters beside them);
// a role (with its category) narrows them, a page at a time. With nothing chosen the overview needs
// only counts and the structured data only the first agents: the catalog is never downloaded.
// Everything is keyed by the choice, so a stale answer for an earlier choice is never shown.

export interface DirectoryState {
  category: string;
  role: string;
  chooseCategory: (category: string) => void;
  chooseRole: (role: string) => void;
  select: (category: string, role: string) => void;
  categories: AsyncState<string[]>;
  /** Agents per category, or per role of the chosen category, until both are chosen. */
  counts: AsyncState<DirectoryCount[]>;
  /** The selection's first agents (for the structured data) and its size, until both are chosen. */
  firstAgents: AsyncState<ApiPage<PublicAgent>>;
  roles: AsyncState<string[]>;
  /** The chosen role's agents, or the chosen category's without a role, page by page. */
  agents: PagedList<PublicAgent>;
}

const agentId = (agent: PublicAgent) => agent.id;
/** Agents of a category per page: a screenful or two, more with "Show more". */
export const CATEGORY_PAGE_SIZE = 24;

export function useDirectory(): DirectoryState {
  const selection = useDirectorySelection();
  const { category, role } = selection;
  const bothChosen = category !== '' && role !== '';
  // The counts stay while a role is chosen: the role filters beside the agents show them.
  const categories = useAsync('categories', getCategories);
  const counts = useAsync(`overview\u0000${category}`, (signal) => getDirectoryCounts(category, signal));
  // Only the whole directory needs a separate read for its structured data; a category's comes
  // from the first page of its agents.
  const firstAgents = useAsync(category ? null : 'overview', (signal) =>
    getDirectoryAgents('', DIRECTORY_STRUCTURED_DATA_COUNT, signal),
  );
  const roles = useAsync(category || null, (signal) => getRoles(category, signal));
  const agents = usePagedList(
    category ? `${category}\u0000${role}` : null,
    (offset, signal) =>
      bothChosen
        ? getAgentsByRolePage(role, category, offset, signal)
        : getDirectoryAgents(category, CATEGORY_PAGE_SIZE, signal, offset),
    agentId,
  );
  return { ...selection, categories, counts, firstAgents, roles, agents };
}
