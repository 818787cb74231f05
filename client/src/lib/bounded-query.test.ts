import { SEARCH_QUERY_MAX } from '@agentry/domain/request-bounds';
import { withBoundedQuery } from './bounded-query';

describe('withBoundedQuery', () => {
  it('cuts a pasted query to what the API takes, keeping every other parameter', () => {
    const request = { indexName: 'agents', params: { query: 'x'.repeat(SEARCH_QUERY_MAX + 40), page: 2 } };
    expect(withBoundedQuery(request)).toEqual({
      indexName: 'agents',
      params: { query: 'x'.repeat(SEARCH_QUERY_MAX), page: 2 },
    });
    expect(request.params.query).toHaveLength(SEARCH_QUERY_MAX + 40);
  });

  it('sends one character as no words, which the server would read it as (issue 25)', () => {
    expect(withBoundedQuery({ indexName: 'agents', params: { query: ' r ', page: 0 } })).toEqual({
      indexName: 'agents',
      params: { query: '', page: 0 },
    });
  });

  it('leaves a query that fits, and requests without one, as they are', () => {
    const fits = { indexName: 'agents', params: { query: 'answer customer emails' } };
    expect(withBoundedQuery(fits)).toBe(fits);
    const none: { indexName: string; params?: Record<string, unknown> } = { indexName: 'agents' };
    expect(withBoundedQuery(none)).toBe(none);
  });
});
