import { agentInput } from '@agentry/platform/store/contract';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import type { TestServer } from '../../testing/test-server';
import { PUBLIC_URL, startWebTestServer } from '../../testing/web-test-server';
import { planSitemap, renderAgentsSitemap, renderSitemap, SITEMAP_CHUNK_URLS } from './sitemap';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('sitemap.xml and robots.txt', () => {
  let server: TestServer;
  let listed: { id: string; updated_at: string };
  let removedId: string;

  beforeAll(async () => {
    server = await startWebTestServer();
    const { agents } = server.running.context.store;
    listed = await agents.create(agentInput({ name: 'LedgerLark' }));
    removedId = (await agents.create(agentInput({ name: 'GoneAgent' }))).id;
    await agents.update(removedId, { removed: true });
  });
  afterAll(() => server.stop());

  it('is a sitemap index pointing at the pages part and the agents parts, dated by their newest change', async () => {
    const response = await server.http.get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    expect(locs(response.text)).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-agents-1.xml`,
    ]);
    const newest = new Date(listed.updated_at).toISOString();
    expect(response.text).toContain(
      `<sitemap><loc>${PUBLIC_URL}/sitemap-agents-1.xml</loc><lastmod>${newest}</lastmod></sitemap>`,
    );
  });

  it('lists the public pages in the pages part, the directory dated by the newest agent', async () => {
    const response = await server.http.get('/sitemap-pages.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(locs(response.text)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/directory`,
      `${PUBLIC_URL}/for-ai-assistants`,
      `${PUBLIC_URL}/privacy`,
      `${PUBLIC_URL}/terms`,
      `${PUBLIC_URL}/ranking-policy`,
    ]);
    expect(response.text).toContain(
      `<loc>${PUBLIC_URL}/directory</loc><lastmod>${new Date(listed.updated_at).toISOString()}</lastmod>`,
    );
  });

  it('lists every listed agent in the agents parts, dated by its last update, removed agents left out', async () => {
    const { text } = await server.http.get('/sitemap-agents-1.xml').expect(200);
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=.*>\n/);
    expect(text.endsWith('</urlset>\n')).toBe(true);
    expect(text).toContain(
      `<loc>${PUBLIC_URL}/agents/${listed.id}</loc><lastmod>${new Date(listed.updated_at).toISOString()}</lastmod>`,
    );
    expect(text).not.toContain(`/agents/${removedId}<`);
  });

  it('answers 404 for a part that does not exist', async () => {
    await server.http.get('/sitemap-agents-2.xml').expect(404);
    await server.http.get('/sitemap-agents-0.xml').expect(404);
  });

  it('follows the catalog: a new agent appears, a removed one goes', async () => {
    const { agents } = server.running.context.store;
    const added = await agents.create(agentInput({ name: 'FreshAgent' }));
    const part = async () => locs((await server.http.get('/sitemap-agents-1.xml').expect(200)).text);
    expect(await part()).toContain(`${PUBLIC_URL}/agents/${added.id}`);
    await agents.update(added.id, { removed: true });
    expect(await part()).not.toContain(`${PUBLIC_URL}/agents/${added.id}`);
  });

  it('escapes XML special characters in URLs', () => {
    expect(renderSitemap('https://a.example', [{ path: '/directory?category=A&role=B' }])).toContain(
      '<loc>https://a.example/directory?category=A&amp;role=B</loc>',
    );
  });

  it('allows crawling except the API and signed-in areas, and points to the sitemap', async () => {
    const response = await server.http.get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /employer-dashboard',
        'Disallow: /employer/',
        'Disallow: /compare',
        'Disallow: /admin',
        'Disallow: /rjs',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('sitemap parts', () => {
  let store: Store;
  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    await store.agents.importMany(Array.from({ length: 7 }, (_, i) => agentInput({ name: `Agent ${i}` })));
  });
  afterEach(() => store.close());

  const partUrls = async (part: number, partSize: number) => {
    const pieces = await renderAgentsSitemap(
      'https://a.example',
      store,
      await planSitemap(store, partSize),
      part,
    );
    return pieces && locs(pieces.join(''));
  };

  it(`holds at most ${SITEMAP_CHUNK_URLS} agents per part, every agent in exactly one part, in scan order`, async () => {
    const plan = await planSitemap(store, 3);
    expect(plan.parts).toHaveLength(3);
    const parts = [await partUrls(1, 3), await partUrls(2, 3), await partUrls(3, 3)];
    expect(parts.map((urls) => urls!.length)).toEqual([3, 3, 1]);
    const ids: string[] = [];
    for await (const batch of store.agents.scan(100)) ids.push(...batch.map((agent) => agent.id));
    expect(parts.flat()).toEqual(ids.map((id) => `https://a.example/agents/${id}`));
    expect(await partUrls(4, 3)).toBeNull();
  });

  it('builds a part as one piece of XML per scan batch, not one string of the whole part', async () => {
    await store.agents.importMany(Array.from({ length: 2500 }, (_, i) => agentInput({ name: `More ${i}` })));
    const pieces = await renderAgentsSitemap('https://a.example', store, await planSitemap(store), 1);
    // The urlset's opening, three batches of at most 1,000 agents, its closing.
    expect(pieces).toHaveLength(5);
    expect(locs(pieces!.join(''))).toHaveLength(2507);
  });

  it("asks for no agent's trust signals: a sitemap shows ids and dates, and those reads held the event loop", async () => {
    const asked: unknown[] = [];
    const watched: Store = {
      ...store,
      agents: {
        ...store.agents,
        scan: (batchSize, afterId, options) => {
          asked.push(options);
          return store.agents.scan(batchSize, afterId, options);
        },
      },
    };
    const plan = await planSitemap(watched, 3);
    const pieces = await renderAgentsSitemap('https://a.example', watched, plan, 2);
    expect(locs(pieces!.join(''))).toHaveLength(3);
    expect(asked).toEqual([{ trust: false }, { trust: false }]);
  });

  it('has no agents part for an empty catalog', async () => {
    const empty = openSqliteStore(':memory:');
    expect((await planSitemap(empty)).parts).toEqual([]);
    await empty.close();
  });
});
