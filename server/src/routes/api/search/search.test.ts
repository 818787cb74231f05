import type { SearchEngine } from '@agentry/platform/search/port';
import { agentInput } from '@agentry/platform/store/contract';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';

const catalog = [
  agentInput({
    name: 'InboxPilot',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in Spanish and English.',
  }),
  agentInput({
    name: 'MinuteMaid',
    category: 'Productivity',
    role: 'Meeting Note Taker',
    description: 'Takes meeting notes and sends action items.',
    cost: 'Freemium',
  }),
  agentInput({
    name: 'TalentHound',
    category: 'HR & Recruiting',
    role: 'Recruiter',
    description: 'Sources candidates and screens resumes.',
  }),
  agentInput({
    name: 'ScreenSense',
    category: 'HR & Recruiting',
    role: 'Recruiter',
    description: 'Screens applicants for hiring teams.',
  }),
];

describe('search API', () => {
  let server: TestServer;
  const names = (body: Array<{ name: string }>) => body.map((agent) => agent.name);

  beforeAll(async () => {
    server = await startTestServer();
    await server.running.context.store.agents.importMany(catalog);
    await eventually(async () => (await server.http.get('/api/search?query=inboxpilot')).body.length > 0);
  });
  afterAll(() => server.stop());

  it('answers a described job with the agents that do it, best first', async () => {
    const response = await server.http
      .get('/api/search')
      .query({ query: 'answer our customer emails in Spanish' })
      .expect(200);
    expect(names(response.body)[0]).toBe('InboxPilot');
    expect(response.body[0]).not.toHaveProperty('email');
  });

  it('answers a blank query with an empty list', async () => {
    await server.http.get('/api/search?query=%20%20').expect(200, []);
  });

  it('rejects a query longer than 500 characters', async () => {
    const response = await server.http
      .get('/api/search')
      .query({ query: 'x'.repeat(501) })
      .expect(400);
    expect(response.body.error).toBe('query: query must be at most 500 characters');
  });

  it('lists the agents of a role in a category', async () => {
    const response = await server.http
      .get('/api/search-by-role')
      .query({ role: 'Recruiter', category: 'HR & Recruiting' })
      .expect(200);
    expect(names(response.body)).toEqual(['ScreenSense', 'TalentHound']);
    await server.http.get('/api/search-by-role').expect(400);
  });

  it('pages a role list like the catalog: one page, the total and the next page in headers', async () => {
    const recruiters = { role: 'Recruiter', category: 'HR & Recruiting' };
    const first = await server.http
      .get('/api/search-by-role')
      .query({ ...recruiters, limit: 1 })
      .expect(200);
    expect(names(first.body)).toEqual(['ScreenSense']);
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.headers.link).toBe(
      '</api/search-by-role?role=Recruiter&category=HR+%26+Recruiting&limit=1&offset=1>; rel="next"',
    );
    const second = await server.http
      .get('/api/search-by-role')
      .query({ ...recruiters, limit: 1, offset: 1 })
      .expect(200);
    expect(names(second.body)).toEqual(['TalentHound']);
    expect(second.headers.link).toBe(
      '</api/search-by-role?role=Recruiter&category=HR+%26+Recruiting&limit=1>; rel="prev"',
    );
    // An offset between the engine's pages takes the end of one and the start of the next.
    const between = await server.http
      .get('/api/search-by-role')
      .query({ ...recruiters, limit: 2, offset: 1 })
      .expect(200);
    expect(names(between.body)).toEqual(['TalentHound']);
  });

  it('answers at most 100 agents of a role and pages no deeper than 10,000', async () => {
    const tooMany = await server.http.get('/api/search-by-role?role=Recruiter&limit=101').expect(400);
    expect(tooMany.body.error).toBe('limit: must be a whole number from 1 to 100');
    const tooDeep = await server.http.get('/api/search-by-role?role=Recruiter&offset=9950').expect(400);
    expect(tooDeep.body.error).toBe(
      'offset: offset + limit must be at most 10000: search results go no deeper',
    );
    await server.http.get('/api/search-by-role?role=Recruiter&offset=9900').expect(200, []);
  });

  it('suggests similar agents, the agent itself left out', async () => {
    const [hound] = (await server.http.get('/api/search?query=TalentHound').expect(200)).body;
    const response = await server.http.get(`/api/agents/${hound.id}/similar`).expect(200);
    expect(names(response.body)[0]).toBe('ScreenSense');
    expect(names(response.body)).not.toContain('TalentHound');
  });

  it('reflects agents created, edited and removed through the store within a second', async () => {
    const { store } = server.running.context;
    const agent = await store.agents.create(
      agentInput({ name: 'LedgerLeaf', category: 'Finance', role: 'Bookkeeper' }),
    );
    await eventually(
      async () => names((await server.http.get('/api/search?query=ledgerleaf')).body).includes('LedgerLeaf'),
      1000,
    );
    await store.agents.update(agent.id, { removed: true });
    await eventually(
      async () => (await server.http.get('/api/search?query=ledgerleaf')).body.length === 0,
      1000,
    );
  });

  it('answers InstantSearch multi-search requests in the Algolia shape with facets and highlights', async () => {
    const response = await server.http
      .post('/api/instantsearch/multi-search')
      .send({
        requests: [
          {
            indexName: 'agents',
            params: {
              query: 'recruiter',
              hitsPerPage: 1,
              facets: ['category', 'pricing'],
              highlightPreTag: '<mark>',
              highlightPostTag: '</mark>',
            },
          },
          {
            indexName: 'agents',
            params: {
              query: '',
              hitsPerPage: 0,
              facets: ['role'],
              facetFilters: [['category:HR & Recruiting']],
            },
          },
        ],
      })
      .expect(200);
    const [first, second] = response.body.results;
    expect(first).toMatchObject({
      nbHits: 2,
      hitsPerPage: 1,
      nbPages: 2,
      page: 0,
      facets: { category: { 'HR & Recruiting': 2 } },
    });
    expect(first.hits[0]._highlightResult.role.value).toBe('<mark>Recruiter</mark>');
    expect(first.hits[0].objectID).toBe(first.hits[0].id);
    expect(second).toMatchObject({ nbHits: 2, hits: [], facets: { role: { Recruiter: 2 } } });
  });

  it('says in X-Match-Count how many agents match, matches first, related agents after them', async () => {
    const response = await server.http
      .get('/api/search')
      .query({ query: 'take meeting notes in spanish' })
      .expect(200);
    expect(response.headers['x-match-count']).toBe('1');
    expect(response.headers['access-control-expose-headers']).toMatch(/X-Match-Count/);
    // InboxPilot shares only "spanish" with the query: listed, after the match, as related.
    expect(names(response.body)).toEqual(['MinuteMaid', 'InboxPilot']);
  });

  it('claims no match for made-up words: X-Match-Count 0, and no agent read into them', async () => {
    for (const query of ['xyzzy qwerty', 'asdfghjkl', 'blorptastic wumbus']) {
      const response = await server.http.get('/api/search').query({ query }).expect(200);
      expect(response.headers['x-match-count']).toBe('0');
      expect(response.body).toEqual([]);
    }
  });

  it('gives InstantSearch the match count, why each agent was found, and what to try when nothing matches', async () => {
    const response = await server.http
      .post('/api/instantsearch/multi-search')
      .send({
        requests: [
          { indexName: 'agents', params: { query: 'answer customer emails in Spanish', hitsPerPage: 5 } },
          { indexName: 'agents', params: { query: 'recruiter', hitsPerPage: 5 } },
          { indexName: 'agents', params: { query: 'xyzzy qwerty', hitsPerPage: 5 } },
        ],
      })
      .expect(200);
    const [emails, recruiter, nonsense] = response.body.results;
    expect(emails.matchCount).toBe(1);
    expect(emails.hits[0]).toMatchObject({
      name: 'InboxPilot',
      _why: { match: true, role: 'Customer Support Agent' },
    });
    expect(emails.hits[0]._why.text).toMatch(
      /^matches: .*customer emails.*spanish.* · role: Customer Support Agent$/,
    );
    expect(recruiter).toMatchObject({ matchCount: 2, nbHits: 2 });
    expect(recruiter.hits.map((hit: { _why: { match: boolean } }) => hit._why.match)).toEqual([true, true]);
    expect(nonsense).toMatchObject({ matchCount: 0, nbHits: 0, hits: [] });
    expect(nonsense.suggestions).toEqual({ categories: [], roles: [] });
  });

  it('holds the count while the next word is typed, in the InstantSearch answer and in X-Match-Count', async () => {
    await server.running.context.store.agents.importMany([
      agentInput({
        name: 'Formwise',
        category: 'Productivity',
        role: 'Form Builder',
        description: 'Builds forms for grant applications and application portals.',
      }),
    ]);
    await eventually(async () => (await server.http.get('/api/search?query=formwise')).body.length > 0);
    const typed = ['screens', 'screens appl', 'screens applic', 'screens applica', 'screens applican'];
    const response = await server.http
      .post('/api/instantsearch/multi-search')
      .send({ requests: typed.map((query) => ({ indexName: 'agents', params: { query, hitsPerPage: 5 } })) })
      .expect(200);
    const counts = response.body.results.map((result: { matchCount: number }) => result.matchCount);
    expect(counts).toEqual(typed.map(() => 2));
    for (const query of typed) {
      const answer = await server.http.get('/api/search').query({ query }).expect(200);
      expect([query, answer.headers['x-match-count']]).toEqual([query, '2']);
    }
    // The word being typed orders the matches: ScreenSense screens applicants.
    expect(response.body.results[4].hits[0].name).toBe('ScreenSense');
  });

  it('refuses malformed InstantSearch requests with a 400', async () => {
    await server.http.post('/api/instantsearch/multi-search').send({ requests: [] }).expect(400);
    const response = await server.http
      .post('/api/instantsearch/multi-search')
      .send({ requests: [{ params: { facetFilters: ['email:x@example.com'] } }] })
      .expect(400);
    expect(response.body.error).toBe('Unknown facet in filter: email:x@example.com');
  });
});

describe('search API when the engine is down', () => {
  let server: TestServer;
  const broken = {
    kind: 'embedded',
    search: async () => {
      throw new Error('engine exploded');
    },
    ping: async () => {
      throw new Error('down');
    },
    checkpoint: async () => 0,
    apply: async () => ({ rejected: [] }),
    close: async () => {},
  } as unknown as SearchEngine;

  beforeAll(async () => {
    server = await startTestServer({ INDEXER: 'external' }, { engine: broken });
    await server.running.context.store.agents.importMany(catalog);
  });
  afterAll(() => server.stop());

  it('answers from the store instead of failing', async () => {
    const response = await server.http.get('/api/search?query=recruiter').expect(200);
    expect(response.headers['x-search-degraded']).toBe('store');
    expect(response.body.map((agent: { name: string }) => agent.name).sort()).toEqual([
      'ScreenSense',
      'TalentHound',
    ]);
    // The store's plain floor: agents holding every word of the query match.
    expect(response.headers['x-match-count']).toBe('2');
  });

  it('reports itself degraded but up', async () => {
    const response = await server.http.get('/healthz').expect(200);
    // The probe also reports event-loop delay and the worker (health.routes.ts): only its checks matter here.
    expect(response.body).toMatchObject({ status: 'degraded', checks: { store: 'ok', search: 'down' } });
  });
});
