import type {
  InstantSearchResult,
  MultiSearchAnswer,
  MultiSearchBody,
  MultiSearchRequest,
} from '@agentry/domain/contract/search';
import type { SearchClient } from 'instantsearch.js';
import { ApiError, apiRequest } from '../../../lib/api/api-client';
import { getCsrfToken } from '../../../lib/auth/auth-api';
import { withBoundedQuery } from '../../../lib/bounded-query';

// The advanced search's searchClient: the same InstantSearch protocol as the public search
// (lib/search-client.ts), posted to the employer endpoint, which answers active employers only.
// Unlike the home search it sends every request, empty queries too: the page browses the whole
// catalog by its filters. The endpoint is a POST, so it carries the session's CSRF token; the
// token is fetched once and kept (a search per keystroke would otherwise cost two calls), and
// fetched again once if the server refuses it (a new session after signing in again). Each facet
// answers the values InstantSearch asked for (maxValuesPerFacet): the server cuts the lists, so
// InstantSearch never sorts 400 providers to show 50 (issue 25).

export const EMPLOYER_MULTI_SEARCH_PATH = '/api/employer/instantsearch/multi-search';

/** A 403 about the token, not about the subscription. */
function isTokenRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body?.requires_subscription !== true;
}

/** Never settles: the answer to a search a newer one overtook (InstantSearch counts it answered with the newer). */
const overtaken = () => new Promise<never>(() => undefined);

export function createEmployerSearchClient(readToken: () => Promise<string> = getCsrfToken): SearchClient {
  let token: Promise<string> | null = null;
  // The search in flight: a newer one cancels it (issue 25: typing must not queue stale searches).
  let inFlight: AbortController | null = null;

  async function post(
    requests: readonly MultiSearchRequest[],
    signal: AbortSignal,
  ): Promise<InstantSearchResult[]> {
    token ??= readToken();
    let csrf: string;
    try {
      csrf = await token;
    } catch (error) {
      token = null;
      throw error;
    }
    const answer = await apiRequest<Partial<MultiSearchAnswer>>(EMPLOYER_MULTI_SEARCH_PATH, {
      method: 'POST',
      body: { requests: requests.map(withBoundedQuery) } satisfies MultiSearchBody,
      headers: { 'X-CSRF-Token': csrf },
      signal,
    });
    if (!Array.isArray(answer.results) || answer.results.length !== requests.length) {
      throw new Error('Search returned an unexpected response');
    }
    return answer.results;
  }

  async function search(requests: readonly MultiSearchRequest[]) {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      try {
        return { results: await post(requests, controller.signal) };
      } catch (error) {
        if (!isTokenRefusal(error)) throw error;
        token = null;
        return { results: await post(requests, controller.signal) };
      }
    } catch (error) {
      // Not an error to show: InstantSearch drops an overtaken answer anyway.
      if (controller.signal.aborted) return overtaken();
      throw error;
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  return { search } as unknown as SearchClient;
}
