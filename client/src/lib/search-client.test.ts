import { calls, mockFetch } from '../testing/mock-fetch';
import { createSearchClient, MULTI_SEARCH_PATH } from './search-client';

type Requests = Parameters<ReturnType<typeof createSearchClient>['search']>[0];
type SearchResultList = { results: Array<Record<string, unknown>> };

function search(requests: unknown[]) {
  return createSearchClient().search(requests as Requests) as Promise<SearchResultList>;
}

describe('createSearchClient', () => {
  it('answers requests with an empty query without calling the network', async () => {
    const fetchMock = mockFetch([]);
    const { results } = await search([
      { indexName: 'agents', params: { query: '', hitsPerPage: 12 } },
      { indexName: 'agents', params: { query: '   ' } },
      { indexName: 'agents', params: {} },
      // One character is no search either (issue 25; domain/search-text.ts).
      { indexName: 'agents', params: { query: ' r ' } },
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: 12,
      index: 'agents',
    });
  });

  it('posts queries to the multi-search endpoint and returns its results', async () => {
    const result = { hits: [{ objectID: '1' }], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20 };
    const fetchMock = mockFetch([{ method: 'POST', path: MULTI_SEARCH_PATH, body: { results: [result] } }]);
    const requests = [{ indexName: 'agents', params: { query: 'answer emails', page: 0 } }];
    const { results } = await search(requests);
    expect(calls(fetchMock)).toEqual(['POST /api/instantsearch/multi-search']);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ requests });
    expect(init.credentials).toBe('include');
    expect(results).toEqual([result]);
  });

  it('sends only the non-empty queries and keeps the answers in request order', async () => {
    const fetchMock = mockFetch([
      {
        method: 'POST',
        path: MULTI_SEARCH_PATH,
        body: { results: [{ index: 'agents', nbHits: 5, hits: [] }] },
      },
    ]);
    const { results } = await search([
      { indexName: 'agents', params: { query: '' } },
      { indexName: 'agents', params: { query: 'legal' } },
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)).requests).toEqual([
      { indexName: 'agents', params: { query: 'legal' } },
    ]);
    expect(results[0]).toMatchObject({ nbHits: 0 });
    expect(results[1]).toMatchObject({ nbHits: 5 });
  });

  it('fails the search when the API answers with an error status', async () => {
    mockFetch([{ method: 'POST', path: MULTI_SEARCH_PATH, status: 500, body: { error: 'boom' } }]);
    await expect(search([{ indexName: 'agents', params: { query: 'legal' } }])).rejects.toThrow(/500/);
  });
});
