import type { DirectoryCount } from '@agentry/domain/contract/catalog';
import {
  CATEGORIES_PATH,
  CATEGORY_PAGE_SIZE,
  directoryAgentsPath,
  directoryCountsPath,
  directoryPageNumber,
  directoryPageOffset,
  isListed,
  overviewAgentsPath,
  ROLE_PAGE_SIZE,
  roleAgentsPath,
  rolesPath,
  SIGNALS_PATH,
} from '@agentry/domain/directory-reads';
import type { FirstPage, FirstView } from '@agentry/domain/first-view';
import { DIRECTORY_STRUCTURED_DATA_COUNT } from '@agentry/domain/seo';
import type { Request } from 'express';
import { audienceOf } from '../../analytics/audience';
import { countAppeared } from '../../analytics/count-hits';
import type { AppContext } from '../../context';
import type { RequestCosts } from '../../http/request-costs';
import { StoreVersionCache } from '../../http/store-version-cache';
import { presentAgent, presentAgents } from '../../presenters/agent';
import { searchInTurn } from '../../search-service/search-in-turn';
import { signalsReader } from '../api/signals/signals.routes';

// The directory page's first view (issue 25, speed as felt): what the client's directory asks the
// API for on arrival (domain/src/directory-reads.ts), read here and put in the page, so the page
// paints its categories, roles and one page of agents without the script or a round trip. The same
// reads as the API's routes and from the same kind of caches: names and counts until the listing's
// groups change, a category's first page until the catalog changes, a role's page from the search
// engine on the client's turn. One page, whatever the size of the category.

/** The directory's choice as the client reads it from the address (a role only with its category). */
export interface DirectoryChoice {
  category: string;
  role: string;
  /** The page of the category's (or the role's) agents, from ?page= (1 without a category). */
  page: number;
}

export interface DirectoryFirstView {
  /**
   * 404 when the category is not listed, or the role not among its roles (the page says so), and
   * when the page number is past the selection's last agent (`pastLast`: the page links to the first).
   */
  status: 200 | 404;
  pastLast?: boolean;
  view: FirstView;
}

/** `?category=&role=&page=` as the client's useSearchParams reads them: the first of each, untrimmed. */
export function directoryChoiceOf(req: Request): DirectoryChoice {
  const params = new URL(req.originalUrl, 'http://localhost').searchParams;
  const category = params.get('category') ?? '';
  const role = category ? (params.get('role') ?? '') : '';
  const page = category ? directoryPageNumber(params.get('page') ?? undefined, role !== '') : 1;
  return { category, role, page };
}

export function createDirectoryFirstView(context: AppContext, costs: RequestCosts) {
  const { store, search, analytics } = context;
  // Names and counts: kept until an agent is listed, unlisted or moved (as the catalog routes keep them).
  const names = StoreVersionCache.ofGroups<string[]>(store);
  const counts = StoreVersionCache.ofGroups<DirectoryCount[]>(store);
  const totals = StoreVersionCache.ofGroups<number>(store);
  // A selection's first page: kept until the catalog changes (any edit can change a card).
  const firstPages = new StoreVersionCache<FirstPage>(store);
  const signals = signalsReader(context);

  const categories = () => names.get('categories', () => store.agents.categories());
  const roles = (category: string) => names.get(`roles\u0000${category}`, () => store.agents.roles(category));
  const countsOf = (category: string) =>
    counts.get(category, async () => {
      const groups = category
        ? await store.agents.countBy('role', { category })
        : await store.agents.countBy('category');
      return groups.map((group) => ({ name: group.value, count: group.count }));
    });
  /** GET /api/directory/agents' `limit` of `category` (all without one) from `offset`, with the total. */
  const firstPage = (category: string, limit: number, offset = 0) =>
    firstPages.get(`${category}\u0000${limit}\u0000${offset}`, async () => {
      const filter = { category: category || undefined };
      const [agents, total] = await Promise.all([
        store.agents.list({ ...filter, limit, offset }),
        totals.get(category, () => store.agents.count(filter)),
      ]);
      return { items: presentAgents(agents), total };
    });
  /** GET /api/search-by-role's page `page`, as the API answers it (and counted as it counts). */
  const rolePage = async (req: Request, role: string, category: string, page: number): Promise<FirstPage> => {
    const { response } = await searchInTurn(search, costs, req, {
      query: '',
      filters: { role: [role], category: [category] },
      sort: 'name',
      page: page - 1,
      hitsPerPage: ROLE_PAGE_SIZE,
    });
    countAppeared(analytics, response.hits, audienceOf(req));
    return { items: response.hits.map((hit) => presentAgent(hit.document)), total: response.totalHits };
  };

  return async function directory(
    req: Request,
    { category, role, page: pageNumber }: DirectoryChoice,
  ): Promise<DirectoryFirstView> {
    const listed = await categories();
    const reads: Record<string, unknown> = { [CATEGORIES_PATH]: listed };
    if (!category) {
      const [overview, first, lists] = await Promise.all([
        countsOf(''),
        firstPage('', DIRECTORY_STRUCTURED_DATA_COUNT),
        signals(),
      ]);
      return {
        status: 200,
        view: {
          reads: { ...reads, [directoryCountsPath('')]: overview, [SIGNALS_PATH]: lists },
          pages: { [overviewAgentsPath()]: first },
        },
      };
    }
    if (!isListed(listed, category)) return { status: 404, view: { reads } };
    const [itsRoles, itsCounts] = await Promise.all([roles(category), countsOf(category)]);
    reads[rolesPath(category)] = itsRoles;
    reads[directoryCountsPath(category)] = itsCounts;
    if (role && !isListed(itsRoles, role)) return { status: 404, view: { reads } };
    // The lists under every directory page (most compared, trending) come along too.
    // One page: the one the address names (?page=), as the client asks for it.
    const offset = directoryPageOffset(pageNumber, role !== '');
    const [page, lists] = await Promise.all([
      role ? rolePage(req, role, category, pageNumber) : firstPage(category, CATEGORY_PAGE_SIZE, offset),
      signals(),
    ]);
    const path = role
      ? roleAgentsPath(role, category, offset)
      : directoryAgentsPath(category, CATEGORY_PAGE_SIZE, offset);
    const view = { reads: { ...reads, [SIGNALS_PATH]: lists }, pages: { [path]: page } };
    // A page past the last agent is not there (404, noindex); the page says so and links to the first.
    if (pageNumber > 1 && page.items.length === 0) return { status: 404, pastLast: true, view };
    return { status: 200, view };
  };
}
