import type {
  InstantSearchResult,
  MultiSearchAnswer,
  MultiSearchBody,
  MultiSearchRequest,
} from '@agentry/domain/contract/search';
import { isSearchableText } from '@agentry/domain/search-text';
import type { SearchClient } from 'instantsearch.js';
import { withBoundedQuery } from './bounded-query';

// The searchClient react-instantsearch calls. It POSTs Algolia-shaped requests to our own API
// (POST /api/instantsearch/multi-search) instead of Algolia. Requests with an empty query are
// answered here with empty results: the home page only searches on submit, so the first render
// (and "clearing" the search) costs no network call.

export const MULTI_SEARCH_PATH = '/api/instantsearch/multi-search';

/** InstantSearch sends its params as an object (the API also takes Algolia's URL-encoded string). */
type WidgetRequest = MultiSearchRequest & { indexName: string; params?: Record<string, unknown> };

function queryOf(request: WidgetRequest): string {
  const query = request.params?.query;
  // Too short to search (domain/search-text.ts) is as empty: answered here, never sent.
  return typeof query === 'string' && isSearchableText(query) ? query.trim() : '';
}

function emptyResult(request: WidgetRequest): InstantSearchResult {
  const hitsPerPage = Number(request.params?.hitsPerPage ?? 20);
  return {
    index: request.indexName,
    query: '',
    params: '',
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    matchCount: 0,
    hitsPerPage: Number.isFinite(hitsPerPage) ? hitsPerPage : 20,
    facets: {},
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true },
    processingTimeMS: 0,
  };
}

async function postMultiSearch(
  endpoint: string,
  requests: WidgetRequest[],
  signal: AbortSignal,
): Promise<InstantSearchResult[]> {
  const response = await fetch(endpoint, {
    method: 'POST',
    signal,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ requests: requests.map(withBoundedQuery) } satisfies MultiSearchBody),
  });
  if (!response.ok) throw new Error(`Search failed with status ${response.status}`);
  const body = (await response.json()) as Partial<MultiSearchAnswer>;
  if (!Array.isArray(body.results) || body.results.length !== requests.length) {
    throw new Error('Search returned an unexpected response');
  }
  return body.results;
}

/** Never settles: the answer to a search a newer one overtook (InstantSearch counts it answered with the newer). */
const overtaken = () => new Promise<never>(() => undefined);

export function createSearchClient(endpoint = MULTI_SEARCH_PATH): SearchClient {
  // The search in flight: a newer one cancels it (issue 25: typing must not queue stale searches).
  let inFlight: AbortController | null = null;

  async function send(toSend: WidgetRequest[]): Promise<InstantSearchResult[]> {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      return await postMultiSearch(endpoint, toSend, controller.signal);
    } catch (error) {
      // Not an error to show: InstantSearch drops an overtaken answer anyway.
      if (controller.signal.aborted) return overtaken();
      throw error;
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  async function search(requests: readonly WidgetRequest[]) {
    const toSend = requests.filter((request) => queryOf(request) !== '');
    const sent = toSend.length > 0 ? await send(toSend) : [];
    let next = 0;
    const results = requests.map((request) =>
      queryOf(request) === '' ? emptyResult(request) : sent[next++]!,
    );
    return { results };
  }
  return { search } as unknown as SearchClient;
}
