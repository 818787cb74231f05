import type { AgentPage } from '@agentry/domain/contract/agents';
import { SlugParams } from '@agentry/domain/contract/providers';
import { SEARCH_QUERY_MAX } from '@agentry/domain/contract/search';
import { providerPath } from '@agentry/domain/directory-reads';
import {
  type FirstView,
  HOME_HIGHLIGHT_TAGS,
  HOME_HITS_PER_PAGE,
  HOME_SEARCH_INDEX,
} from '@agentry/domain/first-view';
import { PROVIDER_PAGE_SIZE, providerPageOffset } from '@agentry/domain/provider-page';
import { isSearchableText } from '@agentry/domain/search-text';
import type { Request } from 'express';
import { audienceOf } from '../../analytics/audience';
import { countAppeared } from '../../analytics/count-hits';
import { findProviderPage, type ProviderPage } from '../../commands/find-provider-page';
import { readAgentPage } from '../../commands/read-agent-page';
import type { AppContext } from '../../context';
import type { RequestCosts } from '../../http/request-costs';
import { StoreVersionCache } from '../../http/store-version-cache';
import { freeSearchRequest } from '../../policies/paid-search-params';
import { searchInTurn } from '../../search-service/search-in-turn';
import { PROVIDER_NOT_FOUND } from '../api/providers/providers.routes';
import { adaptQuery } from '../api/search/instantsearch/adapt-request';
import { adaptResponse } from '../api/search/instantsearch/adapt-response';
import { showcaseReader } from '../api/showcase/showcase.routes';
import { signalsReader } from '../api/signals/signals.routes';
import {
  createDirectoryFirstView,
  type DirectoryChoice,
  type DirectoryFirstView,
} from './directory-first-view';

// What a person's first view needs from the API, read on the server and put in the page's HTML
// (issue 25, speed as felt; domain/src/first-view.ts): on a slow network each round trip before
// the first paint costs a few hundred milliseconds. The answers are the API's own, keyed by the
// path the client asks them with; only public ones, nothing that depends on who asks.

export interface FirstViews {
  /** The home page: the count and the storefront; with ?query= the first page of its results. */
  home(req: Request, query: string): Promise<FirstView>;
  /** An agent page: the agent as GET /api/agents/{id}?view=page answers it; null when unlisted. */
  agent(id: string): Promise<FirstView | null>;
  /** The same with the answer itself (the page's meta is built from it: one read of the agent). */
  agentPage(id: string): Promise<{ answer: AgentPage; view: FirstView } | null>;
  /** The directory, a category or a category's role: its names, counts and one page of agents. */
  directory(req: Request, choice: DirectoryChoice): Promise<DirectoryFirstView>;
  /** Page `pageNumber` of a provider's page as GET /api/providers/{slug} answers it, or its 404. */
  provider(slug: string, pageNumber: number): Promise<{ page: ProviderPage | null; view: FirstView }>;
}

export function createFirstViews(context: AppContext, costs: RequestCosts): FirstViews {
  const { store, search, analytics, replyBadges } = context;
  // The catalog's total and its categories' counts: kept until the listing's groups change.
  const counts = StoreVersionCache.ofGroups<unknown>(store);
  const showcase = showcaseReader(context);
  const signals = signalsReader(context);

  const storefront = async () => {
    const [count, categories, lists, trending] = await Promise.all([
      counts.get('count', async () => ({ count: await store.agents.count({}) })),
      counts.get('categories', async () =>
        (await store.agents.countBy('category')).map((group) => ({ name: group.value, count: group.count })),
      ),
      showcase(),
      signals(),
    ]);
    return {
      '/api/agents/count': count,
      '/api/directory/counts': categories,
      '/api/showcase': lists,
      '/api/signals': trending,
    };
  };

  /** The home search's first page, as the public multi-search answers the request the client sends. */
  const firstResults = async (req: Request, query: string) => {
    const adapted = adaptQuery({
      indexName: HOME_SEARCH_INDEX,
      params: {
        query,
        hitsPerPage: HOME_HITS_PER_PAGE,
        page: 0,
        highlightPreTag: HOME_HIGHLIGHT_TAGS.pre,
        highlightPostTag: HOME_HIGHLIGHT_TAGS.post,
      },
    });
    const request = freeSearchRequest(adapted.request, adapted.params.facets);
    // On the client's turn unless kept, like the API's searches (search-service/search-in-turn.ts).
    const { response } = await searchInTurn(search, costs, req, request);
    countAppeared(analytics, response.hits, audienceOf(req));
    return adaptResponse(adapted, response);
  };

  const agentPage = async (id: string) => {
    const page = await readAgentPage({ store, replyBadges }, { id });
    if (!page) return null;
    const view: FirstView = { reads: { [`/api/agents/${encodeURIComponent(id)}?view=page`]: page.answer } };
    return { answer: page.answer, view };
  };

  return {
    async home(req, query) {
      // A query the API would refuse (too long) is left to the client, which shows the API's message;
      // one too short to search (domain/search-text.ts) opens the bare home page there too.
      const searched = isSearchableText(query) && query.length <= SEARCH_QUERY_MAX ? query : '';
      const [reads, result] = await Promise.all([
        storefront(),
        searched ? firstResults(req, searched) : undefined,
      ]);
      return result ? { reads, search: { query: searched, result } } : { reads };
    },

    agent: async (id) => (await agentPage(id))?.view ?? null,

    agentPage,

    directory: createDirectoryFirstView(context, costs),

    async provider(slug, pageNumber) {
      // As GET /api/providers/{slug}: a slug that cannot be one is not found either. One page of
      // agents, the one the address names (?page=), as the client asks for it.
      const offset = providerPageOffset(pageNumber);
      const page = SlugParams.safeParse({ slug }).success
        ? await findProviderPage({ store }, { slug, limit: PROVIDER_PAGE_SIZE, offset })
        : null;
      const path = providerPath(slug, offset);
      return page
        ? { page, view: { reads: { [path]: page } } }
        : { page, view: { reads: {}, missing: { [path]: PROVIDER_NOT_FOUND } } };
    },
  };
}
