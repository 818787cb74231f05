import type { PublicAgent } from '@agentry/domain/agent';
import {
  PROFILE_FACET_FIELDS,
  type ProfileSearchFacts,
  profileFacetValues,
} from '@agentry/domain/profile-facets';
import { isProfileFacet } from '@agentry/domain/search-fields';
import { type FakeRoute, type FetchMock, jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { EMPLOYER_MULTI_SEARCH_PATH } from '../api/employer-search-client';

// A small stand-in for the employer search endpoint, for tests: it answers each InstantSearch
// request from `agents` (query, facet filters, the price ranges, paging, facet counts) the way
// the server's adapter shapes them. An agent may carry its profile's facts (the search document's
// fields): they count and filter as the profile facets do, nothing for a fact not stated. Every other call goes to `routes`, as mockFetch answers them.

export interface SearchRequest {
  indexName: string;
  params: Record<string, unknown>;
}

type Refusal = { status: number; body: unknown };

const FACETS = ['category', 'role', 'provider', 'pricing', ...PROFILE_FACET_FIELDS] as const;

/** An agent as the fake search holds it: its public fields and, if stated, its profile's facts. */
export type SearchedAgent = PublicAgent & Partial<ProfileSearchFacts>;

function valuesOf(agent: SearchedAgent, field: string): readonly string[] {
  return isProfileFacet(field)
    ? profileFacetValues(agent, field)
    : [String(agent[field as keyof PublicAgent])];
}

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

function priceOf(
  params: Record<string, unknown>,
  attribute = 'price_monthly',
): { min: number; max: number; set: boolean } {
  const range = { min: -Infinity, max: Infinity, set: false };
  for (const filter of ((params.numericFilters as unknown[] | undefined) ?? []).flat()) {
    const match = /^(\w+)(>=|<=)(\d+(?:\.\d+)?)$/.exec(String(filter));
    if (match?.[1] !== attribute) continue;
    range.set = true;
    if (match[2] === '>=') range.min = Number(match[3]);
    if (match[2] === '<=') range.max = Number(match[3]);
  }
  return range;
}

const within = (value: number | null | undefined, range: { min: number; max: number; set: boolean }) =>
  !range.set || (typeof value === 'number' && value >= range.min && value <= range.max);

export function answerSearch(agents: readonly SearchedAgent[], request: SearchRequest) {
  const { params } = request;
  const query = String(params.query ?? '').toLowerCase();
  const filters = filtersOf(params);
  const price = priceOf(params);
  const starting = priceOf(params, 'starting_price_monthly');
  const matching = agents.filter(
    (agent) =>
      (query === '' || `${agent.name} ${agent.description}`.toLowerCase().includes(query)) &&
      [...filters].every(([field, values]) =>
        valuesOf(agent, field).some((value) => values.includes(value)),
      ) &&
      within(agent.price_monthly, price) &&
      within(agent.starting_price_monthly, starting),
  );
  const facets: Record<string, Record<string, number>> = {};
  const asked = params.facets === '*' ? FACETS : ((params.facets as string[] | undefined) ?? []);
  for (const facet of asked) {
    if (!(FACETS as readonly string[]).includes(facet)) continue;
    const counts: Record<string, number> = {};
    for (const agent of matching)
      for (const value of valuesOf(agent, facet)) counts[value] = (counts[value] ?? 0) + 1;
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
  agents: readonly SearchedAgent[],
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
