import { agentInput } from '@agentry/platform/store/contract';
import type { TestServer } from '../testing/test-server';
import { startWebTestServer } from '../testing/web-test-server';

// Every page the server renders for its address (React's server rendering of its first view, the
// store's reads behind it) costs what an API read costs, so it is counted as one (session 13's
// attack, finding 1): an agent page, a provider page, any directory page and a home page with any
// query string were free, and one anonymous client had 800 agent pages rendered in 12 s where the
// API refuses its 601st read of a minute. The bare home page is rendered once for its storefront
// and kept, so it costs a lookup and stays uncounted. Each kind of page is asked from its own
// address (TRUST_PROXY), so each has a budget of its own.

const LIMIT = 3;

describe('server-rendered pages and the read limit', () => {
  let server: TestServer;
  let agentId: string;

  beforeAll(async () => {
    server = await startWebTestServer({
      serverRender: true,
      env: { RATE_LIMIT_READS_PER_MINUTE: String(LIMIT), RATE_LIMIT_STORE: 'memory', TRUST_PROXY: '1' },
    });
    const { agents, users } = server.running.context.store;
    agentId = (
      await agents.create(agentInput({ name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' }))
    ).id;
    const owner = await users.create({
      email: 'acme@example.com',
      full_name: 'Ada Lovelace',
      organization: 'Acme Labs',
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      slug: 'acme-labs',
      website: 'https://acme.example',
      subscription_status: 'active',
    });
    await agents.create(
      agentInput({ name: 'AcmeBot', category: 'Legal', role: 'Paralegal', owner_id: owner.id }),
    );
  });
  afterAll(() => server.stop());

  let client = 0;
  const pageFrom = (address: string, url: string) => server.http.get(url).set('X-Forwarded-For', address);

  it.each([
    ['an agent page', (i: number) => `/agents/${agentId}?ref=${i}`, 200],
    ['a provider page', (i: number) => `/providers/acme-labs?utm_source=${i}`, 200],
    ['a category of the directory', (i: number) => `/directory?category=Finance&x=${i}`, 200],
    ['the directory', (i: number) => `/directory?x=${i}`, 200],
    ['a home page with a query string that is no search', (i: number) => `/?utm_source=${i}`, 200],
    ['an agent page that is not there', (i: number) => `/agents/missing-${i}`, 404],
  ])('counts %s as a read: the one past the limit is 429', async (_kind, url, status) => {
    const address = `10.7.0.${++client}`;
    for (let i = 0; i < LIMIT; i++) await pageFrom(address, url(i)).expect(status);
    const refused = await pageFrom(address, url(LIMIT)).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells a person who opened pages too fast so on a page, not in the JSON of the API', async () => {
    const address = '10.9.0.1';
    for (let i = 0; i < LIMIT; i++) await pageFrom(address, `/agents/${agentId}`).expect(200);
    const refused = await pageFrom(address, `/agents/${agentId}`).expect(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    const wait = Number(refused.headers['retry-after']);
    expect(refused.text).toContain('<h1>Too many requests, please slow down</h1>');
    expect(refused.text).toContain(`Please wait ${wait} seconds, then reload this page.`);
    // The API's own refusals keep their JSON, counted on the same budget.
    const api = await server.http.get('/api/categories').set('X-Forwarded-For', address).expect(429);
    expect(api.body).toEqual({ error: 'Too many requests, please slow down' });
  });

  it('leaves the bare home page (rendered once and kept) and the static files uncounted', async () => {
    const address = '10.8.0.1';
    for (let i = 0; i < LIMIT; i++) await pageFrom(address, `/agents/${agentId}`).expect(200);
    await pageFrom(address, `/agents/${agentId}`).expect(429);
    await pageFrom(address, '/').expect(200);
    await pageFrom(address, '/robots.txt').expect(200);
  });
});
