import { type AppServer, PUBLIC_URL, startAppServer } from './support/app-server';

// What a crawler that runs no script gets: the raw HTML of each page, with its meta built on
// PUBLIC_URL (not on the address it was fetched from). No browser here: plain fetch.

function tag(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

const meta = (html: string, key: string) =>
  tag(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`));
const canonical = (html: string) => tag(html, /<link rel="canonical" href="([^"]*)" \/>/);
const title = (html: string) => tag(html, /<title>([^<]*)<\/title>/);
function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
}

describe('Pages for crawlers', () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(() => server.stop());

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { 'User-Agent': 'Googlebot/2.1' } });
    return { status: response.status, html: await response.text() };
  };

  it('serves an agent page with its title, description, canonical, social tags and SoftwareApplication', async () => {
    const agent = (await server.context.store.agents.list()).find(
      (candidate) => candidate.name === 'CloseCompass',
    )!;
    const { status, html } = await get(`/agents/${agent.id}`);
    expect(status).toBe(200);
    expect(title(html)).toBe('CloseCompass by Aldermoor Advisory: Accountant AI agent | Rolecall');
    expect(meta(html, 'description')).toMatch(/^Speeds up the month-end close/);
    expect(canonical(html)).toBe(`${PUBLIC_URL}/agents/${agent.id}`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/agents/${agent.id}`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe(title(html));
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(jsonLd(html)).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'CloseCompass',
      description: expect.stringContaining('US GAAP & IFRS'),
      offers: { '@type': 'Offer', priceCurrency: 'USD' },
    });
    expect(html).not.toContain('name="robots"');
  });

  it('serves the directory with an ItemList of its first 10 agents', async () => {
    const { status, html } = await get('/directory');
    expect(status).toBe(200);
    expect(title(html)).toBe('AI agent directory by category and role | Rolecall');
    expect(meta(html, 'description')).toMatch(/^Browse AI agents by category/);
    expect(canonical(html)).toBe(`${PUBLIC_URL}/directory`);
    expect(meta(html, 'og:type')).toBe('website');
    const first10 = (await server.context.store.agents.list()).slice(0, 10);
    const itemList = jsonLd(html) as { '@type': string; itemListElement: Array<{ url: string }> };
    expect(itemList['@type']).toBe('ItemList');
    expect(itemList.itemListElement.map((item) => item.url)).toEqual(
      first10.map((agent) => `${PUBLIC_URL}/agents/${agent.id}`),
    );
  });

  it('serves the home page with WebSite and its search action', async () => {
    const { html } = await get('/');
    expect(canonical(html)).toBe(`${PUBLIC_URL}/`);
    expect(jsonLd(html)).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { target: `${PUBLIC_URL}/?query={search_term}` },
    });
  });

  it('answers an unknown agent with 404 and noindex', async () => {
    const { status, html } = await get('/agents/424242');
    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it('lists every demo agent in the sitemap index’s parts and points to the index from robots.txt', async () => {
    const { html: index } = await get('/sitemap.xml');
    expect(index).toContain('<sitemapindex');
    const parts = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(parts[0]).toBe(`${PUBLIC_URL}/sitemap-pages.xml`);
    const agentUrls: string[] = [];
    for (const part of parts) {
      const { status, html: xml } = await get(part.slice(PUBLIC_URL.length));
      expect(status).toBe(200);
      agentUrls.push(...[...xml.matchAll(/<loc>([^<]*\/agents\/[^<]*)<\/loc>/g)].map((match) => match[1]!));
    }
    expect(agentUrls).toHaveLength(await server.context.store.agents.count());
    expect((await get('/robots.txt')).html).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
