import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// The employer dashboard's advanced search: the public InstantSearch protocol, for active employers.

describe('employer search', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  const path = '/api/employer/instantsearch/multi-search';

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
    await fixtures.agent('InboxPilot');
    await fixtures.agent('LedgerLark');
  });
  afterAll(() => server.stop());

  it('answers InstantSearch results, as the public endpoint does', async () => {
    const body = {
      requests: [
        { indexName: 'agents', params: { query: 'inboxpilot', facets: ['category'] } },
        { indexName: 'agents_name', params: { query: '', hitsPerPage: 5 } },
      ],
    };
    let response = await grace.browser.post(path, body).response();
    await eventually(async () => {
      response = await grace.browser.post(path, body).response();
      return response.status === 200 && response.body.results[1].nbHits === 2;
    });
    const [named, all] = response.body.results;
    expect(named).toMatchObject({ index: 'agents', query: 'inboxpilot' });
    expect(named.hits[0]).toMatchObject({ name: 'InboxPilot', objectID: named.hits[0].id });
    expect(named.hits[0]._highlightResult.name.value).toBe('<em>InboxPilot</em>');
    expect(named.facets).toHaveProperty('category');
    expect(all.hits.map((hit: { name: string }) => hit.name)).toEqual(['InboxPilot', 'LedgerLark']);
    const publicAnswer = await server.http.post('/api/instantsearch/multi-search').send(body).expect(200);
    expect(publicAnswer.body.results).toEqual(
      response.body.results.map((result: object) => ({ ...result, processingTimeMS: expect.any(Number) })),
    );
  });

  it('sorts newest first by when the agents were listed', async () => {
    // Listed a moment after the others (two agents created in the same millisecond would tie).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fixtures.agent('ZebraLatest');
    const body = { requests: [{ indexName: 'agents_newest', params: { query: '', hitsPerPage: 5 } }] };
    let names: string[] = [];
    await eventually(async () => {
      const response = await grace.browser.post(path, body).expect(200);
      names = response.body.results[0].hits.map((hit: { name: string }) => hit.name);
      return names.length === 3;
    });
    // Newest first, though its name sorts last.
    expect(names[0]).toBe('ZebraLatest');
  });

  it('keeps a strict price bound strict: price_monthly>29 leaves out the agents at $29/month', async () => {
    const search = async (numericFilters: string[]) => {
      const body = { requests: [{ indexName: 'agents', params: { query: '', numericFilters } }] };
      const response = await grace.browser.post(path, body).expect(200);
      return response.body.results[0].nbHits as number;
    };
    await eventually(async () => (await search(['price_monthly>=29'])) >= 2);
    expect(await search(['price_monthly>29'])).toBe(0);
    expect(await search(['price_monthly<29'])).toBe(0);
    expect(await search(['price_monthly>28', 'price_monthly<30'])).toBeGreaterThanOrEqual(2);
  });

  it('answers each facet with the maxValuesPerFacet most counted values on both endpoints (issue 25)', async () => {
    for (const [name, category] of [
      ['FacetAlpha', 'Finance'],
      ['FacetBeta', 'Finance'],
      ['FacetGamma', 'Legal'],
    ] as const) {
      const created = await fixtures.agent(name);
      await fixtures.store().agents.update(created.id, { category });
    }
    const ask = (maxValuesPerFacet?: number, facetFilters?: string[][]) => ({
      requests: [
        { indexName: 'agents', params: { query: '', facets: ['category'], maxValuesPerFacet, facetFilters } },
      ],
    });
    const categories = async (body: object, endpoint: 'public' | 'employer') => {
      const response =
        endpoint === 'public'
          ? await server.http.post('/api/instantsearch/multi-search').send(body).expect(200)
          : await grace.browser.post(path, body).expect(200);
      return response.body.results[0].facets.category as Record<string, number>;
    };
    await eventually(async () => Object.keys(await categories(ask(), 'public')).length === 3);
    for (const endpoint of ['public', 'employer'] as const) {
      const all = await categories(ask(), endpoint);
      expect(Object.keys(all).sort()).toEqual(['Customer Service', 'Finance', 'Legal']);
      const top = await categories(ask(1), endpoint);
      // The most counted, ties by name.
      const most = Object.entries(all).sort(
        ([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1),
      );
      expect(Object.keys(top)).toEqual([most[0]![0]]);
      // A value filtered on stays in its list (InstantSearch's disjunctive facets ask so).
      expect(await categories(ask(1, [['category:Legal']]), endpoint)).toEqual({ Legal: 1 });
    }
    const bad = await grace.browser.post(path, ask(-1)).expect(400);
    expect(bad.body.error).toMatch(/^maxValuesPerFacet must be a whole number from 0/);
  });

  it('answers one typed letter as the browse it was, its count unchanged (issue 25)', async () => {
    const ask = (query: string) => ({
      requests: [{ indexName: 'agents', params: { query, facets: ['category'] } }],
    });
    const browse = (await grace.browser.post(path, ask('')).expect(200)).body.results[0];
    const letter = (await grace.browser.post(path, ask('i')).expect(200)).body.results[0];
    expect(letter.query).toBe('');
    expect(letter.nbHits).toBe(browse.nbHits);
    expect(letter.hits.map((hit: { id: string }) => hit.id)).toEqual(
      browse.hits.map((hit: { id: string }) => hit.id),
    );
    // Two letters search.
    const two = (await grace.browser.post(path, ask('in')).expect(200)).body.results[0];
    expect(two.query).toBe('in');
  });

  it('checks the body as the public endpoint does', async () => {
    await grace.browser.post(path, { requests: [] }).expect(400);
    const badFilter = await grace.browser
      .post(path, { requests: [{ indexName: 'agents', params: { facetFilters: ['email:x'] } }] })
      .expect(400);
    expect(badFilter.body.error).toBe('Unknown facet in filter: email:x');
  });

  it('needs the CSRF token, unlike the public endpoint', async () => {
    const body = { requests: [{ indexName: 'agents', params: { query: '' } }] };
    const response = await grace.browser.http.post(path).send(body).expect(403);
    expect(response.body).toEqual({ error: 'Invalid or missing CSRF token' });
  });
});
