import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures } from '../employer/fixtures';

// The ranking policy page's promise (issue 26): paying never changes relevance order. Agents that
// match a query are searched, their providers subscribe (the provider plan, paid through the
// test-mode checkout) and an employer subscribes too; the same searches answer the same agents in
// the same order, in the API and in the InstantSearch endpoint the site's pages use.

let server: TestServer;
const people = employerFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer(EMPLOYER_TEST_ENV);
});
afterAll(() => server.stop());

const QUERIES = ['customer support emails', 'spanish', 'answers'];

async function orders() {
  const api = await Promise.all(
    QUERIES.map(async (query) =>
      (await server.http.get('/api/search').query({ query }).expect(200)).body.map(
        (a: { id: string }) => a.id,
      ),
    ),
  );
  const instant = await server.http
    .post('/api/instantsearch/multi-search')
    .send({ requests: QUERIES.map((query) => ({ indexName: 'agents', params: { query, hitsPerPage: 20 } })) })
    .expect(200);
  return {
    api,
    instant: instant.body.results.map((result: { hits: Array<{ id: string }> }) =>
      result.hits.map((hit) => hit.id),
    ),
  };
}

describe('ranking and money', () => {
  it('When providers and employers subscribe, then no agent moves in search', async () => {
    const providers = [];
    for (let i = 0; i < 3; i++) providers.push(await people.provider(`maker${i}@ranking.example`));
    // Several agents per query, owned by the providers and by nobody, the owned ones last by name.
    for (const [index, name] of [
      'Zeta Desk',
      'Alpha Reply',
      'Mid Helper',
      'Beta Inbox',
      'Omega Support',
    ].entries())
      await people.agent(name, { ownerId: providers[index % 4]?.userId });
    const { store, engine } = server.running.context;
    const listed = await store.agents.count();
    await eventually(async () => (await engine!.stats()).documents === listed);

    const before = await orders();
    expect(before.api.every((ids: string[]) => ids.length >= 2)).toBe(true);

    // The providers pay for the provider plan through the checkout, as a person does.
    for (const provider of providers) {
      const opened = await provider.browser.post(`/api/users/${provider.userId}/subscription`).expect(200);
      await provider.browser
        .post(`/api/test-checkout/${String(opened.body.url).split('/').pop()}/pay`)
        .expect(200);
      expect((await store.users.findById(provider.userId))?.subscription_status).toBe('active');
    }
    await people.employer('buyer@ranking.example');

    expect(await orders()).toEqual(before);
  });
});
