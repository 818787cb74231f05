import type { PublicAgent } from '@agentry/domain/agent';
import { type FakeRoute, type FetchMock, jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { EMPLOYER_MULTI_SEARCH_PATH } from '../api/employer-search-client';

// A small stand-in for the employer search endpoint, for tests: it answers each InstantSearch
// request from `agents` (query, facet filters, the price range, paging, facet counts) the way
// the server's adapter shapes them. Every other call goes to `routes`, as mockFetch answers them.

export interface SearchRequest {
  indexName: string;
  params: Record<string, unknown>;
}

type Refusal = { status: number; body: unknown };

const FACETS = ['category', 'role', 'provider', 'pricing'] as const;

function filtersOf(params: Record<string, unknown>): Map<string, string[]> {
  const filters = new Map<string, string[]>();
  const groups = (params.facetFilters as unknown[] | undefined) ?? [];
  for (const group of groups) {
    for (const filter of Array.isArray(group) ? group : [group]) {
      const [field, ...value] = String(filter).split(':');
      filters.set(field!, [...(filters.get(field!) ?? []), value.join(':')]);
    }
  }
  return filters;
}

function priceOf(params: Record<string, unknown>): { min: number; max: number } {
  const range = { min: -Infinity, max: Infinity };
  for (const filter of ((params.numericFilters as unknown[] | undefined) ?? []).flat()) {
    const match = /^price_monthly(>=|<=)(\d+(?:\.\d+)?)$/.exec(String(filter));
    if (match?.[1] === '>=') range.min = Number(match[2]);
    if (match?.[1] === '<=') range.max = Number(match[2]);
  }
  return range;
}

export function answerSearch(agents: readonly PublicAgent[], request: SearchRequest) {
  const { params } = request;
  const query = String(params.query ?? '').toLowerCase();
  const filters = filtersOf(params);
  const price = priceOf(params);
  const priced = Number.isFinite(price.min) || Number.isFinite(price.max);
  const matching = agents.filter(
    (agent) =>
      (query === '' || `${agent.name} ${agent.description}`.toLowerCase().includes(query)) &&
      [...filters].every(([field, values]) => values.includes(String(agent[field as keyof PublicAgent]))) &&
      (!priced ||
        (agent.price_monthly !== null &&
          agent.price_monthly >= price.min &&
          agent.price_monthly <= price.max)),
  );
  const facets: Record<string, Record<string, number>> = {};
  const asked = params.facets === '*' ? FACETS : ((params.facets as string[] | undefined) ?? []);
  for (const facet of asked) {
    if (!(FACETS as readonly string[]).includes(facet)) continue;
    const counts: Record<string, number> = {};
    for (const agent of matching) {
      const value = String(agent[facet as keyof PublicAgent]);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    facets[facet] = counts;
  }
  const hitsPerPage = Number(params.hitsPerPage ?? 20);
  const page = Number(params.page ?? 0);
  const hits = matching.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((agent) => ({
    ...agent,
    objectID: agent.id,
  }));
  return {
    index: request.indexName,
    query: params.query ?? '',
    params: '',
    hits,
    nbHits: matching.length,
    page,
    nbPages: hitsPerPage > 0 ? Math.ceil(matching.length / hitsPerPage) : 0,
    hitsPerPage,
    facets,
    exhaustiveNbHits: true,
    processingTimeMS: 1,
  };
}

/**
 * Installs a fetch that answers the employer search from `agents` and everything else from
 * `routes`. `refuse` may answer a request with an error instead (an unknown sort, a lapsed plan).
 */
export function fakeEmployerSearch(
  agents: readonly PublicAgent[],
  routes: FakeRoute[],
  refuse?: (request: SearchRequest) => Refusal | undefined,
): FetchMock {
  const others = mockFetch(routes);
  const fake: FetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    if (input !== EMPLOYER_MULTI_SEARCH_PATH || init?.method !== 'POST') return others(input, init);
    const { requests } = JSON.parse(String(init.body)) as { requests: SearchRequest[] };
    for (const request of requests) {
      const refusal = refuse?.(request);
      if (refusal) return jsonResponse(refusal.body, refusal.status);
    }
    return jsonResponse({ results: requests.map((request) => answerSearch(agents, request)) });
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return fake;
}

/** The requests of every search sent so far, in order. */
export function searchesSent(fetchMock: FetchMock): SearchRequest[][] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === EMPLOYER_MULTI_SEARCH_PATH && init?.method === 'POST')
    .map(([, init]) => (JSON.parse(String(init!.body)) as { requests: SearchRequest[] }).requests);
}
