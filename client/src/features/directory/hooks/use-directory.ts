import type { PublicAgent } from '@agentry/domain/agent';
import { CATEGORY_PAGE_SIZE, isListed, ROLE_PAGE_SIZE } from '@agentry/domain/directory-reads';
import { SEARCH_MAX_DEPTH } from '@agentry/domain/request-bounds';
import { DIRECTORY_STRUCTURED_DATA_COUNT } from '@agentry/domain/seo';
import { type AddressPages, useAddressPages } from '../../../hooks/use-address-pages';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
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
  /** The page of the agents the address names (?page=). */
  page: number;
  chooseCategory: (category: string) => void;
  chooseRole: (role: string) => void;
  select: (category: string, role: string) => void;
  categories: AsyncState<string[]>;
  /** Agents per category, or per role of the chosen category, until both are chosen. */
  counts: AsyncState<DirectoryCount[]>;
  /** The selection's first agents (for the structured data) and its size, until both are chosen. */
  firstAgents: AsyncState<ApiPage<PublicAgent>>;
  roles: AsyncState<string[]>;
  /**
   * The chosen role's agents, or the chosen category's without a role: the page the address names
   * (?page=), then the pages "Show more" appends.
   */
  agents: DirectoryAgents;
  /** The category is not one the directory lists, or the role not one of its roles (a 404 page). */
  notFound: boolean;
}

export interface DirectoryAgents extends Omit<AddressPages<ApiPage<PublicAgent>, PublicAgent>, 'page'> {
  status: 'idle' | 'loading' | 'success' | 'error';
}

const agentId = (agent: PublicAgent) => agent.id;
const itemsOf = (page: ApiPage<PublicAgent>) => page.items;
const totalOf = (page: ApiPage<PublicAgent>) => page.total;

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
  // No search pages deeper than SEARCH_MAX_DEPTH: past that, the role's agents are found by search.
  const { page: addressed, ...pages } = useAddressPages<ApiPage<PublicAgent>, PublicAgent>({
    list: category ? `${category}\u0000${role}` : null,
    pageNumber: selection.page,
    pageSize: bothChosen ? ROLE_PAGE_SIZE : CATEGORY_PAGE_SIZE,
    load: (offset, signal) =>
      bothChosen
        ? getAgentsByRolePage(role, category, offset, signal)
        : getDirectoryAgents(category, CATEGORY_PAGE_SIZE, signal, offset),
    inPage: (offset) =>
      bothChosen
        ? agentsByRoleInPage(role, category, offset)
        : directoryAgentsInPage(category, CATEGORY_PAGE_SIZE, offset),
    itemsOf,
    totalOf,
    idOf: agentId,
    maxItems: bothChosen ? SEARCH_MAX_DEPTH : undefined,
  });
  const agents: DirectoryAgents = { status: addressed.status, ...pages };
  const notFound =
    (category !== '' && categories.status === 'success' && !isListed(categories.data, category)) ||
    (bothChosen && roles.status === 'success' && !isListed(roles.data, role));
  return { ...selection, categories, counts, firstAgents, roles, agents, notFound };
}
