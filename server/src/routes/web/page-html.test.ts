import { agentInput } from '@agentry/platform/store/contract';
import type { TestServer } from '../../testing/test-server';
import {
  canonicalOf,
  jsonLdOf,
  metaContent,
  PUBLIC_URL,
  startWebTestServer,
} from '../../testing/web-test-server';
import { ACCOUNT_PATHS } from './client-routes';

// What crawlers that run no script get: index.html with each page's meta, built on PUBLIC_URL.

describe('page HTML for crawlers', () => {
  let server: TestServer;
  let listedId: string;
  let removedId: string;

  beforeAll(async () => {
    server = await startWebTestServer();
    const { agents } = server.running.context.store;
    listedId = (
      await agents.create(
        agentInput({
          name: 'LedgerLark',
          provider: 'Fenwick &amp; Grove',
          category: 'Finance',
          role: 'Bookkeeper',
          description: 'Reconciles bank feeds &amp; receipts every night.',
          cost: '$29/month',
        }),
      )
    ).id;
    await agents.create(agentInput({ name: 'ReplyRanch', category: 'Customer Service' }));
    removedId = (await agents.create(agentInput({ name: 'GoneAgent', category: 'Legal', role: 'Paralegal' })))
      .id;
    await agents.update(removedId, { removed: true });
  });
  afterAll(() => server.stop());

  it('gives / the home meta with WebSite and its /?query={search_term} search action', async () => {
    const { text } = await server.http.get('/').expect(200);
    expect(text).toContain('<title>Rolecall: describe the job, find the AI agent</title>');
    expect(text).not.toContain('Build-time title');
    expect(metaContent(text, 'description')).toMatch(/^Describe a job in plain words/);
    expect(metaContent(text, 'keywords')).toContain('AI agent directory');
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/`);
    expect(metaContent(text, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(metaContent(text, 'twitter:card')).toBe('summary');
    expect(jsonLdOf(text)).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { '@type': 'SearchAction', target: `${PUBLIC_URL}/?query={search_term}` },
    });
  });

  it('gives /directory an ItemList of the listed agents in directory order', async () => {
    const { text } = await server.http.get('/directory').expect(200);
    expect(text).toContain('<title>AI agent directory by category and role | Rolecall</title>');
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/directory`);
    const jsonLd = jsonLdOf(text) as {
      '@type': string;
      itemListElement: Array<{ name: string; url: string }>;
    };
    expect(jsonLd['@type']).toBe('ItemList');
    expect(jsonLd.itemListElement.map((item) => item.name)).toEqual(['ReplyRanch', 'LedgerLark']);
    expect(jsonLd.itemListElement[1]!.url).toBe(`${PUBLIC_URL}/agents/${listedId}`);
  });

  it('describes a shared directory selection, and shows a new agent once it is added', async () => {
    const path = '/directory?category=Finance&role=Bookkeeper';
    let { text } = await server.http.get(path).expect(200);
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/directory?category=Finance&#38;role=Bookkeeper`);
    expect(text).toContain('<title>Bookkeeper agents in Finance | Rolecall directory</title>');
    const names = () =>
      (jsonLdOf(text) as { itemListElement: Array<{ name: string }> }).itemListElement.map(
        (item) => item.name,
      );
    expect(names()).toEqual(['LedgerLark']);

    await server.running.context.store.agents.create(
      agentInput({ name: 'AardvarkBooks', category: 'Finance', role: 'Bookkeeper' }),
    );
    ({ text } = await server.http.get(path).expect(200));
    expect(names()).toEqual(['AardvarkBooks', 'LedgerLark']);
  });

  it('covers at most the first 10 agents in the ItemList', async () => {
    const { agents } = server.running.context.store;
    for (let index = 0; index < 12; index += 1) {
      await agents.create(agentInput({ name: `Filler ${index}`, category: 'Zoology', role: 'Keeper' }));
    }
    const { text } = await server.http.get('/directory').expect(200);
    expect((jsonLdOf(text) as { itemListElement: unknown[] }).itemListElement).toHaveLength(10);
  });

  it('counts the whole selection in numberOfItems, though it names only the first 10', async () => {
    const { store } = server.running.context;
    const { text } = await server.http.get('/directory').expect(200);
    expect(jsonLdOf(text)).toMatchObject({ numberOfItems: await store.agents.count() });
    const finance = (await server.http.get('/directory?category=Finance').expect(200)).text;
    expect(jsonLdOf(finance)).toMatchObject({
      numberOfItems: await store.agents.count({ category: 'Finance' }),
    });
  });

  it('gives an agent page its SoftwareApplication with an Offer in USD, decoded text and a product og:type', async () => {
    const { text } = await server.http.get(`/agents/${listedId}`).expect(200);
    expect(text).toContain(
      '<title>LedgerLark by Fenwick &#38; Grove: Bookkeeper AI agent | Rolecall</title>',
    );
    expect(metaContent(text, 'description')).toBe('Reconciles bank feeds &#38; receipts every night.');
    expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/agents/${listedId}`);
    expect(metaContent(text, 'og:type')).toBe('product');
    expect(text).not.toContain('name="robots"');
    expect(jsonLdOf(text)).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'LedgerLark',
      applicationCategory: 'Finance',
      provider: { name: 'Fenwick & Grove' },
      offers: { '@type': 'Offer', price: '29', priceCurrency: 'USD' },
    });
  });

  it('answers a removed agent with 404, the page HTML and noindex', async () => {
    const response = await server.http.get(`/agents/${removedId}`).expect(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).toContain('<meta name="robots" content="noindex" />');
    expect(response.text).toContain('<title>Agent not found | Rolecall</title>');
    expect(response.text).not.toContain('GoneAgent');
  });

  it('answers an unknown or malformed agent id with 404 and noindex', async () => {
    for (const id of ['999999', 'not-an-id', 'x'.repeat(200)]) {
      const { text } = await server.http.get(`/agents/${id}`).expect(404);
      expect(text).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('gives the legal pages their own meta', async () => {
    const privacy = (await server.http.get('/privacy').expect(200)).text;
    expect(privacy).toContain('<title>Privacy policy | Rolecall</title>');
    expect(canonicalOf(privacy)).toBe(`${PUBLIC_URL}/privacy`);
    expect(jsonLdOf(privacy)['@type']).toBe('WebPage');
    const terms = (await server.http.get('/terms').expect(200)).text;
    expect(terms).toContain('<title>Terms of service | Rolecall</title>');
    expect(canonicalOf(terms)).toBe(`${PUBLIC_URL}/terms`);
  });

  it('serves the account and admin screens, /register-agent/ included, with noindex and no referrer', async () => {
    const concrete = ACCOUNT_PATHS.map((path) => path.replace(':sessionId', 'cs_test_abc'));
    expect(concrete).toEqual(expect.arrayContaining(['/admin', '/admin/directory', '/rjs']));
    for (const path of [...concrete, '/register-agent/', '/reset-password?token=abc']) {
      const response = await server.http.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.text).toContain('<div id="root"></div>');
      expect(response.text).toContain('<meta name="robots" content="noindex" />');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  describe('provider pages', () => {
    let slug: string;

    beforeAll(async () => {
      const { store } = server.running.context;
      const user = await store.users.create({
        email: 'acme@example.com',
        full_name: 'Ada Lovelace',
        organization: 'Acme Labs',
        user_type: 'agent_provider',
        password_hash: 'scrypt$x',
        slug: 'acme-labs',
        website: 'https://acme.example',
        subscription_status: 'active',
      });
      slug = user.slug!;
      await store.agents.create(
        agentInput({ name: 'AcmeBot', provider: 'Acme Labs', role: 'Bookkeeper', owner_id: user.id }),
      );
    });

    it("gives a subscribed provider's page Organization data with its site and agents", async () => {
      const { text } = await server.http.get(`/providers/${slug}`).expect(200);
      expect(text).toContain('<title>Acme Labs: AI agents | Rolecall</title>');
      expect(canonicalOf(text)).toBe(`${PUBLIC_URL}/providers/acme-labs`);
      expect(jsonLdOf(text)).toMatchObject({
        '@type': 'Organization',
        name: 'Acme Labs',
        sameAs: ['https://acme.example'],
        makesOffer: [{ itemOffered: { name: 'AcmeBot' } }],
      });
      expect(text).not.toContain('noindex');
    });

    it('lists subscribed providers in the sitemap, and forgets them when the subscription ends', async () => {
      expect((await server.http.get('/sitemap-pages.xml').expect(200)).text).toContain(
        `<loc>${PUBLIC_URL}/providers/acme-labs</loc>`,
      );
      const { store } = server.running.context;
      const user = (await store.users.findBySlug('acme-labs'))!;
      await store.users.update(user.id, { subscription_status: 'inactive' });
      const gone = await server.http.get('/providers/acme-labs').expect(404);
      expect(gone.text).toContain('<meta name="robots" content="noindex" />');
      await server.http.get('/api/providers/acme-labs').expect(404, { error: 'Provider not found' });
      await store.users.update(user.id, { subscription_status: 'active' });
    });

    it('answers the API with the page, and 404 for a malformed slug', async () => {
      const page = await server.http.get('/api/providers/acme-labs').expect(200);
      expect(page.body).toMatchObject({
        name: 'Acme Labs',
        slug: 'acme-labs',
        website: 'https://acme.example',
      });
      expect(page.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['AcmeBot']);
      expect(page.body).toMatchObject({ total: 1, verified_domains: [] });
      expect(page.body.agents[0]).not.toHaveProperty('email');
      await server.http.get('/api/providers/..%2Fadmin').expect(404);
      await server.http.get('/providers/NOT_A_SLUG').expect(404);
    });

    it('answers the agents a page at a time, with the total in the answer and in the headers (issue 25)', async () => {
      const { store } = server.running.context;
      const owner = (await store.users.findBySlug('acme-labs'))!;
      await store.agents.importMany(
        ['Zed', 'Yan', 'Xia'].map((name) =>
          agentInput({ name: `${name}Bot`, provider: 'Acme Labs', role: 'Bookkeeper', owner_id: owner.id }),
        ),
      );
      const names = (body: { agents: Array<{ name: string }> }) => body.agents.map((agent) => agent.name);
      const first = await server.http.get('/api/providers/acme-labs?limit=2').expect(200);
      expect(names(first.body)).toEqual(['AcmeBot', 'XiaBot']);
      expect(first.body.total).toBe(4);
      expect(first.headers['x-total-count']).toBe('4');
      expect(first.headers.link).toBe('</api/providers/acme-labs?limit=2&offset=2>; rel="next"');
      const second = await server.http.get('/api/providers/acme-labs?limit=2&offset=2').expect(200);
      expect(names(second.body)).toEqual(['YanBot', 'ZedBot']);
      expect(second.headers.link).toBe('</api/providers/acme-labs?limit=2>; rel="prev"');
      // 24 by default; a limit past 100 or an offset that is no whole number is a 400 saying so.
      expect((await server.http.get('/api/providers/acme-labs').expect(200)).body.agents).toHaveLength(4);
      const tooMany = await server.http.get('/api/providers/acme-labs?limit=101').expect(400);
      expect(JSON.stringify(tooMany.body)).toContain('limit: must be a whole number from 1 to 100');
      await server.http.get('/api/providers/acme-labs?offset=-1').expect(400);
    });
  });

  it("answers any other path with 404 and the app's page, not found and not indexed", async () => {
    for (const path of ['/nope', '/agents', '/agents/1/extra', '/admin/x', '/directory/x?y=1']) {
      const response = await server.http
        .get(path)
        .expect(404)
        .expect('Content-Type', /text\/html/);
      expect(response.text).toContain('<title>Page not found | Rolecall</title>');
      expect(response.text).toContain('<meta name="robots" content="noindex" />');
      expect(response.text).toContain('<div id="root">');
    }
  });

  it('answers a page address with broken percent-encoding with the not-found page, not JSON', async () => {
    for (const path of ['/agents/%E0%A4%A', '/providers/%E0%A4%A', '/checkout/test/%ff', '/%E0%A4%A']) {
      const response = await server.http
        .get(path)
        .expect(404)
        .expect('Content-Type', /text\/html/);
      expect(response.text).toContain('<title>Page not found | Rolecall</title>');
    }
    await server.http.get('/api/agents/%E0%A4%A').expect(400).expect('Content-Type', /json/);
  });

  it('still answers unknown API paths with a JSON 404, not a redirect', async () => {
    const response = await server.http.get('/api/nope').expect(404);
    expect(response.body.error).toMatch(/No API route/);
  });

  it('escapes a malicious-looking agent so nothing breaks out of the tags or the JSON-LD block', async () => {
    const evil = await server.running.context.store.agents.create(
      agentInput({
        name: '</script><script>alert(1)</script>',
        provider: '"><img src=x onerror=alert(2)>',
        description: 'Ends the block: </script><!-- and quotes \' " & more',
      }),
    );
    const { text } = await server.http.get(`/agents/${evil.id}`).expect(200);
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain('</script><!--');
    expect(text).toContain('&#60;/script&#62;&#60;script&#62;alert(1)');
    // Exactly one JSON-LD block, still parseable, holding the original text.
    expect(text.match(/<script type="application\/ld\+json"/g)).toHaveLength(1);
    expect(jsonLdOf(text)).toMatchObject({ name: '</script><script>alert(1)</script>' });
    const directory = (await server.http.get('/directory').expect(200)).text;
    expect(directory).not.toContain('<script>alert(1)');
  });
});
