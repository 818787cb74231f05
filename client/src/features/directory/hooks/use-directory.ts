import type { PublicAgent } from '@agentry/domain/agent';
import { CATEGORY_PAGE_SIZE, isListed } from '@agentry/domain/directory-reads';
import { DIRECTORY_STRUCTURED_DATA_COUNT } from '@agentry/domain/seo';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
import { type PagedList, usePagedList } from '../../../hooks/use-paged-list';
import type { ApiPage } from '../../../lib/api/api-client';
import { agentsByRoleInPage, getAgentsByRolePage } from '../../../lib/api/get-agents-by-role';
import { categoriesInPage, getCategories } from '../../../lib/api/get-categories';
import { getRoles, rolesInPage } from '../../../lib/api/get-roles';
import { directoryAgentsInPage, getDirectoryAgents } from '../api/get-directory-agents';
import { type DirectoryCount, directoryCountsInPage, getDirectoryCounts } from '../api/get-directory-counts';
import { useDirectorySelection } from './use-directory-selection';

// The directory flow of spec section 4: categories on arrival; a category loads its roles and its
// agents at once (issue 25: a category page lists agents, with its roles as filters beside them);
// a role (with its category) narrows them, a page at a time. With nothing chosen the overview needs
// only counts and the structured data only the first agents: the catalog is never downloaded.
// Everything is keyed by the choice, so a stale answer for an earlier choice is never shown. What
// the page's HTML carried (the server's first view, issue 25) is shown at once and not asked again.

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
  /** The category is not one the directory lists, or the role not one of its roles (a 404 page). */
  notFound: boolean;
}

const agentId = (agent: PublicAgent) => agent.id;

export { CATEGORY_PAGE_SIZE };

export function useDirectory(): DirectoryState {
  const selection = useDirectorySelection();
  const { category, role } = selection;
  const bothChosen = category !== '' && role !== '';
  // The counts stay while a role is chosen: the role filters beside the agents show them.
  const categories = useAsync('categories', getCategories, categoriesInPage);
  const counts = useAsync(
    `overview\u0000${category}`,
    (signal) => getDirectoryCounts(category, signal),
    () => directoryCountsInPage(category),
  );
  // Only the whole directory needs a separate read for its structured data; a category's comes
  // from the first page of its agents.
  const firstAgents = useAsync(
    category ? null : 'overview',
    (signal) => getDirectoryAgents('', DIRECTORY_STRUCTURED_DATA_COUNT, signal),
    () => directoryAgentsInPage('', DIRECTORY_STRUCTURED_DATA_COUNT),
  );
  const roles = useAsync(
    category || null,
    (signal) => getRoles(category, signal),
    () => rolesInPage(category),
  );
  const agents = usePagedList(
    category ? `${category}\u0000${role}` : null,
    (offset, signal) =>
      bothChosen
        ? getAgentsByRolePage(role, category, offset, signal)
        : getDirectoryAgents(category, CATEGORY_PAGE_SIZE, signal, offset),
    agentId,
    () =>
      bothChosen ? agentsByRoleInPage(role, category) : directoryAgentsInPage(category, CATEGORY_PAGE_SIZE),
  );
  const notFound =
    (category !== '' && categories.status === 'success' && !isListed(categories.data, category)) ||
    (bothChosen && roles.status === 'success' && !isListed(roles.data, role));
  return { ...selection, categories, counts, firstAgents, roles, agents, notFound };
}
