import { createHash } from 'node:crypto';
import { agentInput } from '@agentry/platform/store/contract';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { screenshot, setUpApp, visit } from './support/e2e-app';
import { card, cardNames, cards } from './support/page-helpers';

// The directory pages and provider pages arrive rendered (issue 25, speed as felt): the HTML the
// server sends holds the headings, one page of agent cards (names, providers, logos, links), the
// page's title, description and canonical link, names escaped; an unknown category, role or
// provider is a real 404 with a page that says so. People read it before any script runs; the
// browser then hydrates it without asking the API again for what it carried.

const HOSTILE_NAME = 'Tally </script><img src=x onerror=alert(1)> & Co';
const HOSTILE_PROVIDER = 'Quill <b>Works</b>';
const BULK = 'Bulk Testing';
const PROVIDER_NAME = 'Fenwick </script><i>Grove</i>';
// A PNG's bytes as the store keeps them (the link checker and the upload check them before).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The API requests a page makes, and what the console says is wrong (a hydration mismatch says so). */
function watch(page: Page) {
  const requests: string[] = [];
  const complaints: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  return { requests, complaints };
}

/** Hydrated: React's handlers are on the element (its props are on it). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);

/** Requests other than the session's own (who is signed in is read by the browser, as on every page). */
const pageReads = (requests: string[]) => requests.filter((request) => request !== 'GET /api/auth/me');

describe('The directory and provider pages', () => {
  const app = setUpApp();
  let hostileId = '';

  beforeAll(async () => {
    const { store } = app().server.context;
    const hostile = await store.agents.create(
      agentInput({ name: HOSTILE_NAME, provider: HOSTILE_PROVIDER, category: BULK, role: 'Analyst' }),
    );
    hostileId = hostile.id;
    await store.logos.set(hostile.id, {
      hash: createHash('sha256').update(PNG).digest('hex'),
      content_type: 'image/png',
      bytes: PNG,
      source: 'upload',
      at: new Date().toISOString(),
    });
    // A category far longer than one page.
    await store.agents.importMany(
      Array.from({ length: 60 }, (_, i) =>
        agentInput({ name: `Bulk agent ${String(i).padStart(2, '0')}`, category: BULK, role: 'Researcher' }),
      ),
    );
    const owner = await store.users.create({
      email: 'fenwick@example.com',
      full_name: 'Fen Wick',
      organization: PROVIDER_NAME,
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      slug: 'fenwick-grove',
      website: 'https://fenwick.example',
      subscription_status: 'active',
    });
    // More agents than two pages of a provider page hold (24 a page).
    await store.agents.importMany(
      Array.from({ length: 60 }, (_, i) =>
        agentInput({
          name: `Fenwick agent ${String(i).padStart(2, '0')}`,
          provider: 'Fenwick Grove',
          category: 'Legal',
          role: 'Paralegal',
          owner_id: owner.id,
        }),
      ),
    );
  });

  const html = async (path: string) => {
    const response = await fetch(`${app().server.url}${path}`);
    return { status: response.status, text: await response.text() };
  };

  it('sends a category as HTML: headings, one page of cards with logos and links, title, description, canonical', async () => {
    const { status, text } = await html(`/directory?category=${encodeURIComponent(BULK)}`);
    expect(status).toBe(200);
    expect(text).toContain('<title>Bulk Testing AI agents | Rolecall directory</title>');
    expect(text).toContain('<meta name="description" content="Browse Bulk Testing AI agents by the role');
    expect(text).toContain(
      '<link rel="canonical" href="http://agentry.test/directory?category=Bulk+Testing" />',
    );
    const root = text.slice(text.indexOf('<div id="root">'), text.indexOf('<script type="application/json"'));
    expect(root).toContain('<h1>AI agent directory</h1>');
    expect(root).toContain('Bulk Testing agents</h2>');
    expect(root).toContain('Showing 24 of 61 agents');
    // One page of 61: bounded whatever the category's size.
    expect(root.match(/<article class="agent-card"/g)).toHaveLength(24);
    expect(root).toContain(`href="/agents/${hostileId}"`);
    expect(root).toMatch(/<img[^>]* src="\/api\/logos\/[0-9a-f]{64}"/);
    // The names are text: escaped in the markup, never markup themselves.
    expect(root).toContain('Tally &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(root).toContain('Quill &lt;b&gt;Works&lt;/b&gt;');
    expect(text).not.toContain('<img src=x onerror');
    expect(text).not.toContain('<b>Works</b>');
  });

  it.each([
    ['a category the directory does not list', '/directory?category=Astrology'],
    ['a role its category does not list', '/directory?category=Finance&role=Astrologer'],
    ['a provider without a page', '/providers/nobody-here'],
  ])('answers %s with 404 and the page that says so', async (_what, path) => {
    const { status, text } = await html(path);
    expect(status).toBe(404);
    expect(text).toContain('<meta name="robots" content="noindex" />');
    expect(text).toMatch(/<h1>(Not in the directory|Provider not found)<\/h1>/);
    expect(text).not.toContain('class="agent-card"');
  });

  it("sends a provider's page with its name escaped and a page of its agents", async () => {
    const { status, text } = await html('/providers/fenwick-grove');
    expect(status).toBe(200);
    const root = text.slice(text.indexOf('<div id="root">'), text.indexOf('<script type="application/json"'));
    expect(root).toContain('<h1>Fenwick &lt;/script&gt;&lt;i&gt;Grove&lt;/i&gt;</h1>');
    expect(root.match(/<article class="agent-card"/g)).toHaveLength(24);
    expect(root).toContain('Showing 24 of 60 agents');
    // "Show more" is a link to the next page, for a browser without script too.
    expect(root).toContain('href="/providers/fenwick-grove?page=2"');
    expect(text).not.toContain('</script><i>Grove');
    // The data it carries for hydration is that one page, not every agent (issue 25).
    const carried = JSON.parse(
      /<script type="application\/json" id="first-view">([^<]*)<\/script>/.exec(text)![1]!,
    );
    expect(Object.keys(carried.reads)).toEqual(['/api/providers/fenwick-grove?limit=24']);
    expect(carried.reads['/api/providers/fenwick-grove?limit=24']).toMatchObject({ total: 60 });
    expect(carried.reads['/api/providers/fenwick-grove?limit=24'].agents).toHaveLength(24);
  });

  it.each([1280, 360])(
    '"Show more" on a provider page opens the next page without script, at %i px',
    async (width) => {
      const context = await app().browser.newContext({
        baseURL: app().server.url,
        viewport: { width, height: 800 },
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await page.goto('/providers/fenwick-grove');
        await page.getByRole('heading', { level: 1, name: PROVIDER_NAME }).waitFor();
        expect(await cards(page).count()).toBe(24);
        await page.getByRole('link', { name: 'Show more' }).click();
        await page.waitForURL('**/providers/fenwick-grove?page=2');
        await page.getByText('Showing agents 25–48 of 60').waitFor();
        const second = await cardNames(page);
        expect(second).toHaveLength(24);
        expect(second[0]).toBe('Fenwick agent 24');
        await screenshot(page, `provider page ${width}px page 2 without script`);
        await page.getByRole('link', { name: 'Show more' }).click();
        await page.waitForURL('**/providers/fenwick-grove?page=3');
        expect(await cardNames(page)).toHaveLength(12);
        expect(await page.getByRole('link', { name: 'Show more' }).count()).toBe(0);
        await page.getByRole('link', { name: 'Back to the first agents' }).click();
        await page.waitForURL(/\/providers\/fenwick-grove$/);
        expect(await cards(page).count()).toBe(24);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    },
  );

  it.each([1280, 360])(
    '"Show more" on a category opens the next page without script, at %i px',
    async (width) => {
      const context = await app().browser.newContext({
        baseURL: app().server.url,
        viewport: { width, height: 800 },
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await page.goto(`/directory?category=${encodeURIComponent(BULK)}`);
        await page.getByRole('heading', { level: 2, name: `${BULK} agents` }).waitFor();
        expect(await cards(page).count()).toBe(24);
        await page.getByRole('link', { name: 'Show more' }).click();
        await page.waitForURL('**/directory?category=Bulk+Testing&page=2');
        await page.getByText('Showing agents 25–48 of 61').waitFor();
        const second = await cardNames(page);
        expect(second).toHaveLength(24);
        expect(second[0]).toBe('Bulk agent 23');
        expect(await page.title()).toBe('Bulk Testing AI agents, page 2 | Rolecall directory');
        await screenshot(page, `category ${width}px page 2 without script`);
        await page.getByRole('link', { name: 'Show more' }).click();
        await page.waitForURL('**/directory?category=Bulk+Testing&page=3');
        expect(await cardNames(page)).toHaveLength(13);
        expect(await page.getByRole('link', { name: 'Show more' }).count()).toBe(0);
        // A role's pages are addresses too.
        await page.goto(`/directory?category=${encodeURIComponent(BULK)}&role=Researcher`);
        await page.getByRole('link', { name: 'Show more' }).click();
        await page.waitForURL('**/directory?category=Bulk+Testing&role=Researcher&page=2');
        expect((await cardNames(page))[0]).toBe('Bulk agent 24');
        await page.getByRole('link', { name: 'Back to the first agents' }).click();
        await page.waitForURL('**/directory?category=Bulk+Testing&role=Researcher');
        expect(await cards(page).count()).toBe(24);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // Past the last page: a 404 that says where the agents are.
        const past = await page.goto(`/directory?category=${encodeURIComponent(BULK)}&page=4`);
        expect(past?.status()).toBe(404);
        await page.getByRole('link', { name: 'See the first agents' }).waitFor();
      } finally {
        await context.close();
      }
    },
  );

  it.each([360, 1280])(
    'appends the next pages of a category in place, the focus on the first new card, at %i px',
    async (width) => {
      const page = await app().newPage({ width });
      const { requests, complaints } = watch(page);
      await page.goto(`/directory?category=${encodeURIComponent(BULK)}`);
      await hydrated(page, '.directory__results .show-more a');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => Object.assign(window, { stayed: true }));
      await page.getByRole('link', { name: 'Show more' }).click();
      await page.waitForFunction(() => document.querySelectorAll('article.agent-card').length === 48);
      await page.waitForFunction(() =>
        document.activeElement?.closest('li')?.textContent?.includes('Bulk agent 23'),
      );
      await screenshot(page, `category ${width}px after show more`);
      await page.getByRole('link', { name: 'Show more' }).click();
      await page.waitForFunction(() => document.querySelectorAll('article.agent-card').length === 61);
      expect(await page.getByRole('link', { name: 'Show more' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).search).toBe(`?category=${encodeURIComponent(BULK)}`);
      // One bounded read a page (the first card's logo, an image, is no read of the list).
      expect(pageReads(requests).filter((request) => !request.startsWith('GET /api/logos/'))).toEqual([
        'GET /api/directory/agents?category=Bulk+Testing&limit=24&offset=24',
        'GET /api/directory/agents?category=Bulk+Testing&limit=24&offset=48',
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(complaints).toEqual([]);
    },
  );

  it.each([360, 1280])('shows the cards before any script runs, at %i px', async (width) => {
    const context = await app().browser.newContext({
      baseURL: app().server.url,
      viewport: { width, height: 800 },
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/directory');
      await page.getByRole('heading', { level: 1, name: 'AI agent directory' }).waitFor();
      expect(await page.locator('.directory-overview .shortcut').count()).toBeGreaterThan(10);
      await screenshot(page, `directory first view ${width}px index without script`);

      await page.goto('/directory?category=Finance');
      await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
      expect(await cardNames(page)).toContain('ReceiptRaccoon');
      expect(await page.locator('.role-filters a').count()).toBeGreaterThan(1);
      await screenshot(page, `directory first view ${width}px category without script`);

      await page.goto('/directory?category=Finance&role=Bookkeeper');
      await page.getByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' }).waitFor();
      expect(await cardNames(page)).toContain('ReceiptRaccoon');
      await screenshot(page, `directory first view ${width}px role without script`);

      await page.goto('/providers/fenwick-grove');
      await page.getByRole('heading', { level: 1, name: PROVIDER_NAME }).waitFor();
      expect(await cards(page).count()).toBe(24);
      await screenshot(page, `directory first view ${width}px provider without script`);
    } finally {
      await context.close();
    }
  });

  it('hydrates the directory index without asking again for what it carried', async () => {
    const page = await app().newPage();
    const { requests, complaints } = watch(page);
    await page.goto('/directory');
    await hydrated(page, '.directory-overview a.shortcut');
    await page.waitForLoadState('networkidle');
    expect(pageReads(requests)).toEqual([]);
    // Interactive: a category tile opens the category, which the client reads from the API.
    await page.locator('.directory-overview a.shortcut', { hasText: 'Finance' }).click();
    await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
    // The heading is drawn before the category's agents arrive from the API: wait for the card
    // (read at once, the list was still empty on a busy CI machine).
    await card(page, 'ReceiptRaccoon').waitFor();
    expect(await cardNames(page)).toContain('ReceiptRaccoon');
    expect(complaints).toEqual([]);
  });

  it('hydrates a category without asking again, then filters by role and back', async () => {
    const page = await app().newPage();
    const { requests, complaints } = watch(page);
    await page.goto('/directory?category=Finance');
    await hydrated(page, '.role-filters a');
    await page.waitForLoadState('networkidle');
    expect(pageReads(requests)).toEqual([]);
    await page.locator('.role-filters a', { hasText: 'Bookkeeper' }).click();
    await page.getByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' }).waitFor();
    expect(requests).toContain('GET /api/search-by-role?role=Bookkeeper&category=Finance&limit=24');
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
    expect(complaints).toEqual([]);
  });

  it.each([360, 1280])(
    "hydrates a provider's page without reading it again, and appends the next pages in place, at %i px",
    async (width) => {
      const page = await app().newPage({ width });
      const { requests, complaints } = watch(page);
      await page.goto('/providers/fenwick-grove');
      await hydrated(page, '.provider-page .show-more a');
      await page.waitForLoadState('networkidle');
      expect(pageReads(requests)).toEqual([]);
      // A mark on the window: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { stayed: true }));
      await page.getByRole('link', { name: 'Show more' }).click();
      await page.waitForFunction(() => document.querySelectorAll('article.agent-card').length === 48);
      await screenshot(page, `provider page ${width}px after show more`);
      await page.getByRole('link', { name: 'Show more' }).click();
      await page.waitForFunction(() => document.querySelectorAll('article.agent-card').length === 60);
      expect(await page.getByRole('link', { name: 'Show more' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/providers/fenwick-grove');
      // One bounded read a page.
      expect(pageReads(requests)).toEqual([
        'GET /api/providers/fenwick-grove?limit=24&offset=24',
        'GET /api/providers/fenwick-grove?limit=24&offset=48',
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(complaints).toEqual([]);
    },
  );

  it('shows an unknown provider as not found at once, without asking the API', async () => {
    const page = await app().newPage();
    const { requests, complaints } = watch(page);
    const response = await page.goto('/providers/nobody-here');
    expect(response?.status()).toBe(404);
    await hydrated(page, '.status-page a');
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1, name: 'Provider not found' }).waitFor();
    expect(pageReads(requests)).toEqual([]);
    // The 404 of the page itself is the browser's, not a complaint of the app.
    expect(complaints.filter((text) => !text.includes('404'))).toEqual([]);
  });

  it.each([360, 1280])(
    'leaves axe nothing serious on a provider page with more to show and on the 404s, at %i px',
    async (width) => {
      // The three addresses load in turn in one page, each a fresh load: a browser context made for
      // each took much of this file's time (BENCHMARKS.md, CI time, session 15).
      const page = await app().newPage({ width, bypassCSP: true });
      for (const path of [
        '/providers/fenwick-grove',
        '/directory?category=Astrology',
        '/providers/nobody-here',
      ]) {
        await visit(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        // Nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    },
  );
});
