import { callTool, connectMcp, textOf } from '../../../testing/mcp-client';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// The structured profile's facts as facets and filters of the employer search (issue 28), through
// the real app on a real store: a provider saves profiles, the indexer follows (the save touches
// the agent), an employer counts and filters by them, a key holder does too over the API and MCP,
// and a visitor is refused them as the provider facet is refused.

const EMPLOYER = '/api/employer/instantsearch/multi-search';
const PUBLIC = '/api/instantsearch/multi-search';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

interface Hit {
  name: string;
}

describe('profile facts in the employer search', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let key: string;

  const search = (params: Record<string, unknown>) => ({
    requests: [{ indexName: 'agents', params: { query: '', hitsPerPage: 20, ...params } }],
  });
  const names = (body: { results: Array<{ hits: Hit[] }> }) =>
    body.results[0]!.hits.map((hit) => hit.name).sort();

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
    const ada = await fixtures.provider('ada@northwind.example', { subscribed: true });
    const desk = await fixtures.agent('DeskHelper', { ownerId: ada.userId });
    const ops = await fixtures.agent('OpsHelper', { ownerId: ada.userId });
    await fixtures.agent('QuietHelper');
    await ada.browser
      .put(`/api/users/agents/${desk.id}/profile`, {
        integrations: 'Slack, Zendesk',
        languages: ['es', 'en'],
        free_trial: true,
        // 240 a year: 20 a month.
        starting_price: '240',
        currency: 'USD',
        billing_period: 'year',
      })
      .expect(200);
    await ada.browser
      .put(`/api/users/agents/${ops.id}/profile`, {
        integrations: ['slack'],
        languages: ['de'],
        deployment: ['self_hosted'],
        starting_price: '50',
        currency: 'USD',
        billing_period: 'month',
      })
      .expect(200);
    key = (await grace.browser.post('/api/employer/api-keys', { name: 'Script' }).expect(201)).body.key;
    // The index follows the saves: both profiles' integrations are counted.
    await eventually(async () => {
      const response = await grace.browser.post(EMPLOYER, search({ facets: ['integrations'] })).response();
      return response.status === 200 && response.body.results[0].facets.integrations?.Slack === 2;
    });
  });
  afterAll(() => server.stop());

  it('counts each fact over the agents that state it: one that states nothing counts under no value', async () => {
    const response = await grace.browser
      .post(
        EMPLOYER,
        search({ facets: ['integrations', 'languages', 'deployment', 'certifications', 'free_trial'] }),
      )
      .expect(200);
    const [result] = response.body.results;
    expect(result.nbHits).toBe(3);
    expect(result.facets).toEqual({
      integrations: { Slack: 2, Zendesk: 1 },
      languages: { es: 1, en: 1, de: 1 },
      deployment: { self_hosted: 1 },
      certifications: {},
      free_trial: { true: 1 },
    });
  });

  it('filters by an integration and a language, and by the starting price per month', async () => {
    const both = await grace.browser
      .post(EMPLOYER, search({ facetFilters: [['integrations:Slack'], ['languages:es', 'languages:fr']] }))
      .expect(200);
    expect(names(both.body)).toEqual(['DeskHelper']);
    const upTo20 = await grace.browser
      .post(EMPLOYER, search({ numericFilters: ['starting_price_monthly<=20'] }))
      .expect(200);
    expect(names(upTo20.body)).toEqual(['DeskHelper']);
    const trial = await grace.browser
      .post(EMPLOYER, search({ facetFilters: ['free_trial:false'] }))
      .expect(200);
    expect(names(trial.body)).toEqual([]);
  });

  it('answers an employer API key the same facets and filters', async () => {
    const response = await server.http
      .post(EMPLOYER)
      .set(bearer(key))
      .send(search({ facets: ['languages'], facetFilters: [['integrations:Zendesk']] }))
      .expect(200);
    expect(names(response.body)).toEqual(['DeskHelper']);
    expect(response.body.results[0].facets.languages).toEqual({ es: 1, en: 1 });
  });

  it.each([
    ['an integration facet', { facets: ['integrations'] }, /Counting the integrations facet/],
    ['a language filter', { facetFilters: [['languages:es']] }, /Filtering by languages/],
    ['a free-trial filter', { facetFilters: ['free_trial:true'] }, /Filtering by free_trial/],
    [
      'a starting price range',
      { numericFilters: ['starting_price_monthly<=20'] },
      /starting price range \(numericFilters on starting_price_monthly\)/,
    ],
  ])('refuses a visitor %s with the 403 of the paid boundary', async (_label, params, named) => {
    const refused = await server.http.post(PUBLIC).send(search(params)).expect(403);
    expect(refused.body).toMatchObject({ success: false, requires_subscription: true });
    expect(refused.body.error).toMatch(named);
    expect(refused.body.error).toMatch(/employer subscription \(\$40\/month\)/);
  });

  it("lets a key holder's assistant filter search_agents by the facts, and tells a visitor's they are paid", async () => {
    const client = await connectMcp(`${server.running.url}/mcp`, { apiKey: key });
    const visitor = await connectMcp(`${server.running.url}/mcp`);
    try {
      const filtered = await callTool(client, 'search_agents', {
        query: 'customer emails',
        integrations: ['Slack'],
        languages: ['es'],
      });
      expect(filtered.isError).toBeFalsy();
      const agents = (filtered.structuredContent as { agents: Hit[] }).agents;
      expect(agents.map((agent) => agent.name)).toEqual(['DeskHelper']);
      const cheap = await callTool(client, 'search_agents', {
        query: 'customer emails',
        max_starting_price_monthly: 30,
      });
      expect((cheap.structuredContent as { agents: Hit[] }).agents.map((agent) => agent.name)).toEqual([
        'DeskHelper',
      ]);

      const refused = await callTool(visitor, 'search_agents', { query: 'emails', languages: ['es'] });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/The argument languages is part of the employer plan/);
    } finally {
      await client.close();
      await visitor.close();
    }
  });
});
