import { FIRST_VIEW_ELEMENT_ID, type FirstView } from '@agentry/domain/first-view';
import { agentInput } from '@agentry/platform/store/contract';
import { eventually, type TestServer } from '../../testing/test-server';
import { canonicalOf, PUBLIC_URL, startWebTestServer } from '../../testing/web-test-server';

// The first view of the directory pages and of provider pages (issue 25, speed as felt): the API's
// own answers, keyed by the paths the client asks them with, and the server's rendering in #root
// (here the stand-in bundle, which names the reads it was given; e2e/directory-first-view.e2e.ts
// renders the real one). Unknown categories, roles and providers answer 404 with noindex.

function firstViewOf(html: string): FirstView | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstView) : null;
}

const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1];
const HOSTILE = 'Ledger </script><script>alert(1)</script><b>Lark</b>';

describe('the directory and provider pages carry their first view', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startWebTestServer({ serverRender: true });
    const { agents, users } = server.running.context.store;
    await agents.create(agentInput({ name: HOSTILE, category: 'Finance', role: 'Bookkeeper' }));
    // More Finance agents than one page holds.
    await agents.importMany(
      Array.from({ length: 40 }, (_, i) =>
        agentInput({ name: `Tally ${String(i).padStart(2, '0')}`, category: 'Finance', role: 'Accountant' }),
      ),
    );
    await agents.create(
      agentInput({ name: 'ReplyRanch', category: 'Customer Service', role: 'Support Agent' }),
    );
    const owner = await users.create({
      email: 'acme@example.com',
      full_name: 'Ada Lovelace',
      organization: 'Acme </script><i>Labs</i>',
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      slug: 'acme-labs',
      website: 'https://acme.example',
      subscription_status: 'active',
    });
    await agents.create(
      agentInput({
        name: 'AcmeBot',
        provider: 'Acme Labs',
        category: 'Legal',
        role: 'Paralegal',
        owner_id: owner.id,
      }),
    );
    // Two pages of the provider's agents: 24 and 6.
    await agents.importMany(
      Array.from({ length: 29 }, (_, i) =>
        agentInput({
          name: `Acme Clerk ${String(i).padStart(2, '0')}`,
          provider: 'Acme Labs',
          category: 'Legal',
          role: 'Paralegal',
          owner_id: owner.id,
        }),
      ),
    );
    await eventually(
      async () => (await server.http.get('/api/search?query=Tally').expect(200)).body.length > 0,
    );
  });
  afterAll(() => server.stop());

  /** The API's answer to `path`: its body, and for a list its X-Total-Count. */
  const api = async (path: string) => {
    const response = await server.http.get(path).expect(200);
    return { body: response.body, total: Number(response.headers['x-total-count']) };
  };

  it('gives the directory its categories, counts, signals and first agents, as the API answers them', async () => {
    const { text } = await server.http.get('/directory').expect(200);
    const view = firstViewOf(text)!;
    for (const path of ['/api/categories', '/api/directory/counts', '/api/signals']) {
      expect(view.reads[path]).toEqual((await api(path)).body);
    }
    const first = await api('/api/directory/agents?limit=10');
    expect(view.pages).toEqual({
      '/api/directory/agents?limit=10': { items: first.body, total: first.total },
    });
    expect(first.total).toBe(72);
    expect(rootOf(text)).toBe(
      '<p id="rendered">/directory with /api/categories /api/directory/counts /api/signals</p>',
    );
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/directory`);
  });

  it('gives a category one page of its agents (24 of 41), its roles and counts, and its own title', async () => {
    const { text } = await server.http.get('/directory?category=Finance').expect(200);
    const view = firstViewOf(text)!;
    for (const path of [
      '/api/categories',
      '/api/roles?category=Finance',
      '/api/directory/counts?category=Finance',
      '/api/signals',
    ]) {
      expect(view.reads[path]).toEqual((await api(path)).body);
    }
    const page = view.pages?.['/api/directory/agents?category=Finance&limit=24'];
    const first = await api('/api/directory/agents?category=Finance&limit=24');
    expect(page).toEqual({ items: first.body, total: 41 });
    expect(page?.items).toHaveLength(24);
    expect(text).toContain('<title>Finance AI agents | Rolecall directory</title>');
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/directory?category=Finance`);
    expect(text).not.toContain('noindex');
  });

  it("gives a category's role the first page of GET /api/search-by-role, with its total", async () => {
    const { text } = await server.http.get('/directory?category=Finance&role=Accountant').expect(200);
    const path = '/api/search-by-role?role=Accountant&category=Finance&limit=24';
    const first = await api(path);
    expect(firstViewOf(text)?.pages).toEqual({ [path]: { items: first.body, total: 40 } });
    expect(text).toContain('<title>Accountant agents in Finance | Rolecall directory</title>');
  });

  it("gives a category's ?page=2 and a role's the next page on its own canonical address, and a page past the last 404", async () => {
    const { text } = await server.http.get('/directory?category=Finance&page=2').expect(200);
    const path = '/api/directory/agents?category=Finance&limit=24&offset=24';
    const second = await api(path);
    expect(firstViewOf(text)?.pages).toEqual({ [path]: { items: second.body, total: 41 } });
    expect(second.body).toHaveLength(17);
    expect(text).toContain('<title>Finance AI agents, page 2 | Rolecall directory</title>');
    // The attribute as the HTML writes it: & escaped.
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/directory?category=Finance&#38;page=2`);
    expect(text).not.toContain('noindex');

    const role = await server.http.get('/directory?category=Finance&role=Accountant&page=2').expect(200);
    const rolePath = '/api/search-by-role?role=Accountant&category=Finance&limit=24&offset=24';
    expect(firstViewOf(role.text)?.pages).toEqual({
      [rolePath]: { items: (await api(rolePath)).body, total: 40 },
    });
    expect(canonicalOf(role.text)).toBe(
      `${PUBLIC_URL}/directory?category=Finance&#38;role=Accountant&#38;page=2`,
    );

    // Past the last page: 404 and noindex, the page itself (it links to the first), not "not listed".
    const past = await server.http.get('/directory?category=Finance&page=3').expect(404);
    expect(past.text).toContain('<meta name="robots" content="noindex" />');
    expect(past.text).toContain('<title>Finance AI agents, page 3 | Rolecall directory</title>');
    await server.http.get('/directory?category=Finance&role=Accountant&page=3').expect(404);
    // A page number that is none reads as the first page.
    const odd = await server.http.get('/directory?category=Finance&page=0').expect(200);
    expect(Object.keys(firstViewOf(odd.text)?.pages ?? {})).toEqual([
      '/api/directory/agents?category=Finance&limit=24',
    ]);
  });

  it('keeps a hostile name data: nothing of it closes the data block or becomes markup', async () => {
    const { text } = await server.http.get('/directory?category=Finance&role=Bookkeeper').expect(200);
    expect(text).not.toContain('</script><script>alert(1)');
    expect(text).not.toContain('<b>Lark</b>');
    const items =
      firstViewOf(text)?.pages?.['/api/search-by-role?role=Bookkeeper&category=Finance&limit=24']?.items;
    expect(items).toEqual([expect.objectContaining({ name: HOSTILE })]);
  });

  it.each([
    ['a category the directory does not list', '/directory?category=Astrology', ['/api/categories']],
    [
      'a role its category does not list',
      '/directory?category=Finance&role=Astrologer',
      ['/api/categories', '/api/directory/counts?category=Finance', '/api/roles?category=Finance'],
    ],
  ])('answers %s with 404, noindex and the reads that say so', async (_what, url, reads) => {
    const { text } = await server.http.get(url).expect(404);
    expect(text).toContain('<title>Not in the directory | Rolecall</title>');
    expect(text).toContain('<meta name="robots" content="noindex" />');
    const view = firstViewOf(text)!;
    expect(Object.keys(view.reads).sort()).toEqual(reads);
    expect(view.pages).toBeUndefined();
    expect(rootOf(text)).toContain(`<p id="rendered">${url} with `);
  });

  it('matches a category without regard to case, as the store does', async () => {
    const { text } = await server.http.get('/directory?category=finance').expect(200);
    expect(firstViewOf(text)?.pages?.['/api/directory/agents?category=finance&limit=24']?.total).toBe(41);
  });

  it("gives a provider's page one page of GET /api/providers/{slug}, not every agent", async () => {
    const { text } = await server.http.get('/providers/acme-labs').expect(200);
    const view = firstViewOf(text)!;
    const path = '/api/providers/acme-labs?limit=24';
    expect(view.reads).toEqual({ [path]: (await api(path)).body });
    expect(view.reads[path]).toMatchObject({ total: 30 });
    expect((view.reads[path] as { agents: unknown[] }).agents).toHaveLength(24);
    expect(rootOf(text)).toBe(`<p id="rendered">/providers/acme-labs with ${path}</p>`);
    expect(text).not.toContain('</script><i>Labs');
  });

  it('gives ?page=2 the next page of agents on its own canonical address, and a page past the last 404', async () => {
    const { text } = await server.http.get('/providers/acme-labs?page=2').expect(200);
    const path = '/api/providers/acme-labs?limit=24&offset=24';
    const view = firstViewOf(text)!;
    expect(view.reads).toEqual({ [path]: (await api(path)).body });
    expect((view.reads[path] as { agents: unknown[] }).agents).toHaveLength(6);
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/providers/acme-labs?page=2`);
    const past = await server.http.get('/providers/acme-labs?page=3').expect(404);
    expect(past.text).toContain('<meta name="robots" content="noindex" />');
    // A page number that is none reads as the first page.
    const odd = await server.http.get('/providers/acme-labs?page=abc').expect(200);
    expect(Object.keys(firstViewOf(odd.text)!.reads)).toEqual(['/api/providers/acme-labs?limit=24']);
  });

  it.each(['/providers/nobody-here', '/providers/Not_A_Slug'])(
    'answers %s with 404 and the API\'s "Provider not found" for the page to show',
    async (url) => {
      const { text } = await server.http.get(url).expect(404);
      const view = firstViewOf(text)!;
      expect(view.reads).toEqual({});
      expect(Object.values(view.missing ?? {})).toEqual(['Provider not found']);
      expect(text).toContain('<meta name="robots" content="noindex" />');
    },
  );
});

describe("a directory role's page", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebTestServer({ serverRender: true, env: { RATE_LIMIT_READS_PER_MINUTE: '3' } });
    await server.running.context.store.agents.create(
      agentInput({ name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' }),
    );
  });
  afterAll(() => server.stop());

  it('counts against the read limit like the search API, as every rendered page does (a category too)', async () => {
    for (let i = 0; i < 3; i++)
      await server.http.get('/directory?category=Finance&role=Bookkeeper').expect(200);
    await server.http.get('/directory?category=Finance&role=Bookkeeper').expect(429);
    await server.http.get('/directory?category=Finance').expect(429);
  });
});

describe('a category of 10,000 agents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebTestServer({ serverRender: true });
    await server.running.context.store.agents.importMany(
      Array.from({ length: 10_000 }, (_, i) =>
        agentInput({ name: `Bulk ${String(i).padStart(5, '0')}`, category: 'Research', role: 'Analyst' }),
      ),
    );
  });
  afterAll(() => server.stop());

  it('is sent with one page of them (24) and their total, not the category', async () => {
    const { text } = await server.http.get('/directory?category=Research').expect(200);
    const page = firstViewOf(text)?.pages?.['/api/directory/agents?category=Research&limit=24'];
    expect(page?.items).toHaveLength(24);
    expect(page?.total).toBe(10_000);
    // A page's worth of bytes (the template, 24 agents and the names), far from 10,000 agents'.
    expect(text.length).toBeLessThan(40_000);
  });
});
