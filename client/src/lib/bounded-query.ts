import { SEARCH_QUERY_MAX } from '@agentry/domain/request-bounds';
import { searchableText } from '@agentry/domain/search-text';

// The API refuses a query longer than SEARCH_QUERY_MAX characters (a 400). A person who pastes a
// longer text, or follows a link with one, should get results for what fits rather than an error,
// so both InstantSearch clients send at most that much; the server's rule stays the contract. A
// text too short to search (domain/search-text.ts: one character) is sent as no words, which the
// server would read it as anyway, so the answer is the browse InstantSearch already holds.

interface WithParams {
  params?: Record<string, unknown> | string;
}

/** The request with its query cut to what the API takes (none when too short); anything else unchanged. */
export function withBoundedQuery<R extends WithParams>(request: R): R {
  const params = request.params;
  if (typeof params !== 'object' || params === null) return request;
  const query = params.query;
  if (typeof query !== 'string') return request;
  const searched = searchableText(query).slice(0, SEARCH_QUERY_MAX);
  return searched === query ? request : { ...request, params: { ...params, query: searched } };
}
