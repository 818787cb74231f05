import { eventually, startTestServer, type TestServer } from '../../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from '../../employer/fixtures';

// The paid boundary on the public InstantSearch endpoint (issue 21, finding 2): the provider facet
// and filter, price ranges and price sorts are the employer plan's. The public endpoint answered
// them exactly as the employer endpoint does; now it refuses each with a 403 naming it, while the
// employer endpoint keeps answering, and what the home page sends keeps working.

const PUBLIC = '/api/instantsearch/multi-search';
const EMPLOYER = '/api/employer/instantsearch/multi-search';

const PAID_REQUESTS: Array<[string, { indexName: string; params: Record<string, unknown> }, RegExp]> = [
  ['the provider facet', { indexName: 'agents', params: { facets: ['provider'] } }, /provider facet/],
  [
    'a provider filter',
    { indexName: 'agents', params: { facetFilters: [['provider:Northwind Labs']] } },
    /Filtering by provider/,
  ],
  [
    'a price range',
    { indexName: 'agents', params: { numericFilters: ['price_monthly<=50'] } },
    /price range/,
  ],
  [
    'a strict price bound',
    { indexName: 'agents', params: { numericFilters: 'price_monthly>29' } },
    /price range/,
  ],
  ['price low to high', { indexName: 'agents_price_asc', params: {} }, /Sorting by price \(price_asc\)/],
  ['price high to low', { indexName: 'agents_price_desc', params: {} }, /Sorting by price \(price_desc\)/],
  [
    'the provider facet in URL-encoded params',
    {
      indexName: 'agents',
      params: 'query=mail&facets=%5B%22provider%22%5D' as unknown as Record<string, unknown>,
    },
    /provider facet/,
  ],
];

describe('the public multi-search keeps to the free search', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
    await fixtures.agent('InboxPilot');
    await fixtures.agent('MailMole');
    await eventually(async () => {
      const response = await server.http
        .post(PUBLIC)
        .send({ requests: [{ indexName: 'agents', params: { query: 'emails' } }] });
      return response.body.results?.[0]?.nbHits === 2;
    });
  });
  afterAll(() => server.stop());

  it.each(PAID_REQUESTS)(
    'refuses %s with a 403 naming it, which the employer endpoint answers',
    async (_label, request, named) => {
      const refused = await server.http
        .post(PUBLIC)
        .send({ requests: [request] })
        .expect(403);
      expect(refused.body).toMatchObject({ success: false, requires_subscription: true });
      expect(refused.body.error).toMatch(named);
      expect(refused.body.error).toMatch(/employer subscription \(\$40\/month\)/);
      expect(refused.body.error).toContain(EMPLOYER);
      await grace.browser.post(EMPLOYER, { requests: [request] }).expect(200);
    },
  );

  it('refuses a batch in which one search asks for a paid part, answering none of it', async () => {
    const response = await server.http
      .post(PUBLIC)
      .send({
        requests: [
          { indexName: 'agents', params: { query: 'emails' } },
          { indexName: 'agents_price_asc', params: { query: 'emails' } },
        ],
      })
      .expect(403);
    expect(response.body.results).toBeUndefined();
  });

  it('counts the free facets only when asked for every facet ("*")', async () => {
    const response = await server.http
      .post(PUBLIC)
      .send({ requests: [{ indexName: 'agents', params: { query: 'emails', facets: '*' } }] })
      .expect(200);
    expect(Object.keys(response.body.results[0].facets).sort()).toEqual(['category', 'pricing', 'role']);
    const employer = await grace.browser
      .post(EMPLOYER, { requests: [{ indexName: 'agents', params: { query: 'emails', facets: '*' } }] })
      .expect(200);
    expect(employer.body.results[0].facets).toHaveProperty('provider');
  });

  it('answers what the home search sends, and the free facets, filters and orders', async () => {
    const response = await server.http
      .post(PUBLIC)
      .send({
        requests: [
          // react-instantsearch's request from the home page.
          {
            indexName: 'agents',
            params: {
              query: 'emails',
              hitsPerPage: 12,
              page: 0,
              facets: [],
              tagFilters: '',
              highlightPreTag: '__ais-highlight__',
              highlightPostTag: '__/ais-highlight__',
            },
          },
          {
            indexName: 'agents_name',
            params: {
              query: '',
              facets: ['category', 'role', 'pricing'],
              facetFilters: [['category:Customer Service'], ['role:Customer Support Agent'], 'pricing:paid'],
            },
          },
          { indexName: 'agents_newest', params: { query: 'emails' } },
        ],
      })
      .expect(200);
    const [home, browsed, newest] = response.body.results;
    expect(home.nbHits).toBe(2);
    expect(browsed.nbHits).toBe(2);
    expect(browsed.facets.pricing).toEqual({ paid: 2 });
    expect(newest.nbHits).toBe(2);
  });
});
