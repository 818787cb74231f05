import { calls, mockFetch } from '../../../testing/mock-fetch';
import { createEmployerSearchClient, EMPLOYER_MULTI_SEARCH_PATH } from './employer-search-client';

type Requests = Parameters<ReturnType<typeof createEmployerSearchClient>['search']>[0];
const requests = [
  { indexName: 'agents', params: { query: '', facets: ['category'] } },
] as unknown as Requests;
const RESULT = { index: 'agents', hits: [], nbHits: 0, facets: { category: { Finance: 3 } } };

describe('the advanced search client', () => {
  it('posts every request, the empty query too, with the CSRF token, which it fetches once', async () => {
    const fetchMock = mockFetch([
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      { method: 'POST', path: EMPLOYER_MULTI_SEARCH_PATH, body: { results: [RESULT] } },
    ]);
    const client = createEmployerSearchClient();
    expect(await client.search(requests)).toEqual({ results: [RESULT] });
    await client.search(requests);
    expect(calls(fetchMock)).toEqual([
      'GET /api/csrf-token',
      `POST ${EMPLOYER_MULTI_SEARCH_PATH}`,
      `POST ${EMPLOYER_MULTI_SEARCH_PATH}`,
    ]);
    const init = fetchMock.mock.calls[1]![1]!;
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect(JSON.parse(String(init.body))).toEqual({ requests });
  });

  it('fetches a new token once when the server refuses the one it has', async () => {
    let tokens = 0;
    const client = createEmployerSearchClient(async () => `tok-${++tokens}`);
    const fetchMock = mockFetch([
      {
        method: 'POST',
        path: EMPLOYER_MULTI_SEARCH_PATH,
        status: 403,
        body: { success: false, error: 'Invalid or missing CSRF token' },
      },
    ]);
    await expect(client.search(requests)).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tokens).toBe(2);
  });

  it('gives up at once when the employer has no active subscription, saying so', async () => {
    const fetchMock = mockFetch([
      {
        method: 'POST',
        path: EMPLOYER_MULTI_SEARCH_PATH,
        status: 403,
        body: { success: false, error: 'Needs a subscription', requires_subscription: true },
      },
    ]);
    const client = createEmployerSearchClient(async () => 'tok');
    await expect(client.search(requests)).rejects.toMatchObject({
      status: 403,
      body: { requires_subscription: true },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails on an answer that does not match the requests', async () => {
    mockFetch([{ method: 'POST', path: EMPLOYER_MULTI_SEARCH_PATH, body: { results: [] } }]);
    await expect(createEmployerSearchClient(async () => 'tok').search(requests)).rejects.toThrow(
      /unexpected response/,
    );
  });
});
