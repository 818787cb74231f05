import { agentInput } from '@agentry/platform/store/contract';
import type { TestServer } from '../../testing/test-server';
import { PUBLIC_URL, startWebTestServer } from '../../testing/web-test-server';
import { renderSitemap } from './sitemap';

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

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

  it('lists the public pages and every listed agent on the public origin, as XML', async () => {
    const response = await server.http.get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(locs(response.text)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/directory`,
      `${PUBLIC_URL}/privacy`,
      `${PUBLIC_URL}/terms`,
      `${PUBLIC_URL}/agents/${listed.id}`,
    ]);
  });

  it('dates each agent by its last update, and leaves removed agents out', async () => {
    const { text } = await server.http.get('/sitemap.xml').expect(200);
    expect(text).toContain(
      `<loc>${PUBLIC_URL}/agents/${listed.id}</loc><lastmod>${new Date(listed.updated_at).toISOString()}</lastmod>`,
    );
    expect(text).not.toContain(`/agents/${removedId}<`);
  });

  it('follows the catalog: a new agent appears, a removed one goes', async () => {
    const { agents } = server.running.context.store;
    const added = await agents.create(agentInput({ name: 'FreshAgent' }));
    expect(locs((await server.http.get('/sitemap.xml')).text)).toContain(`${PUBLIC_URL}/agents/${added.id}`);
    await agents.update(added.id, { removed: true });
    expect(locs((await server.http.get('/sitemap.xml')).text)).not.toContain(
      `${PUBLIC_URL}/agents/${added.id}`,
    );
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
        'Disallow: /admin/',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
