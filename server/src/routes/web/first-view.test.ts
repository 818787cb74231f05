import { FIRST_VIEW_ELEMENT_ID, type FirstView, HOME_HIGHLIGHT_TAGS } from '@agentry/domain/first-view';
import { agentInput } from '@agentry/platform/store/contract';
import { InFlight } from '../../http/in-flight';
import { eventually, type TestServer } from '../../testing/test-server';
import { startWebTestServer } from '../../testing/web-test-server';
import { RENDER_SKIPPED_TIMING, RENDER_UNTIL_IN_FLIGHT } from './server-render';

// The first view a person's page carries (issue 25, speed as felt): the API's own answers in a JSON
// data block, and the client's server rendering of the page inside #root (here a stand-in bundle
// that names what it was given; e2e/first-view.e2e.ts renders the real one in Chromium).

function firstViewOf(html: string): FirstView | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstView) : null;
}

const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1];

describe('the first view in the page HTML', () => {
  let server: TestServer;
  let agentId: string;

  beforeAll(async () => {
    server = await startWebTestServer({ serverRender: true });
    const { agents } = server.running.context.store;
    agentId = (
      await agents.create(
        agentInput({
          name: 'LedgerLark </script><script>alert(1)</script>',
          category: 'Finance',
          role: 'Bookkeeper',
          description: 'Reconciles bank feeds and receipts every night.',
        }),
      )
    ).id;
    await agents.create(
      agentInput({ name: 'ReplyRanch', category: 'Customer Service', role: 'Support Agent' }),
    );
    // Searchable once the indexer has caught up.
    await eventually(async () => (await server.http.get('/api/search?query=LedgerLark')).body.length > 0);
  });
  afterAll(() => server.stop());

  it('gives the home page the count and storefront the API answers, and its rendering in #root', async () => {
    const { text } = await server.http.get('/').expect(200);
    const view = firstViewOf(text);
    for (const path of ['/api/agents/count', '/api/directory/counts', '/api/showcase', '/api/signals']) {
      expect(view?.reads[path]).toEqual((await server.http.get(path).expect(200)).body);
    }
    expect(view?.search).toBeUndefined();
    expect(rootOf(text)).toBe(
      '<p id="rendered">/ with /api/agents/count /api/directory/counts /api/showcase /api/signals</p>',
    );
  });

  it('renders a role view for its own address, not as the bare home page', async () => {
    await server.http.get('/').expect(200);
    const { text } = await server.http.get('/?role=Bookkeeper&category=Finance').expect(200);
    expect(rootOf(text)).toMatch(/^<p id="rendered">\/\?role=Bookkeeper&category=Finance with /);
  });

  it('gives a shared search link the first page of results the home search would ask for', async () => {
    const { text } = await server.http.get('/?query=%20reconcile%20bank%20feeds%20').expect(200);
    const view = firstViewOf(text);
    const params = {
      query: 'reconcile bank feeds',
      hitsPerPage: 12,
      page: 0,
      highlightPreTag: HOME_HIGHLIGHT_TAGS.pre,
      highlightPostTag: HOME_HIGHLIGHT_TAGS.post,
    };
    const { body } = await server.http
      .post('/api/instantsearch/multi-search')
      .send({ requests: [{ indexName: 'agents', params }] })
      .expect(200);
    expect(view?.search?.query).toBe('reconcile bank feeds');
    expect(view?.search?.result.hits.map((hit) => hit.id)).toEqual(
      body.results[0].hits.map((hit: { id: string }) => hit.id),
    );
    expect(view?.search?.result.hits[0]?.id).toBe(agentId);
    expect(rootOf(text)).toContain('and a search');
  });

  it('gives an agent page the agent as the page reads it, with its lazy module preloaded', async () => {
    const { text } = await server.http.get(`/agents/${agentId}`).expect(200);
    const { body } = await server.http.get(`/api/agents/${agentId}?view=page`).expect(200);
    expect(firstViewOf(text)?.reads).toEqual({ [`/api/agents/${agentId}?view=page`]: body });
    expect(text).toContain('<link rel="modulepreload" crossorigin href="/assets/agent-Zz99.js">');
    expect(text).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-Yy88.js">');
    expect(text).toContain('<link rel="stylesheet" crossorigin href="/assets/agent-Zz99.css">');
    // A name that closes the script element stays data: nothing of it is markup.
    expect(text).not.toContain('</script><script>alert(1)');
  });

  it('sends an agent page with its answers but unrendered while the worker is behind (issue 24), rendered again after', async () => {
    // A saturated worker (bench:load's closed loop holds about 100 requests a worker).
    const busy = jest.spyOn(InFlight.prototype, 'size', 'get').mockReturnValue(RENDER_UNTIL_IN_FLIGHT + 1);
    try {
      const { text, headers } = await server.http.get(`/agents/${agentId}`).expect(200);
      expect(rootOf(text)).toBe('');
      expect(headers['server-timing']).toContain(`${RENDER_SKIPPED_TIMING};desc="busy"`);
      expect(Object.keys(firstViewOf(text)?.reads ?? {})).toEqual([`/api/agents/${agentId}?view=page`]);
      expect(text).toContain('<title>LedgerLark');
    } finally {
      busy.mockRestore();
    }
    const { text } = await server.http.get(`/agents/${agentId}`).expect(200);
    expect(rootOf(text)).toMatch(/^<p id="rendered">\/agents\//);
  });

  it('carries nothing for an agent that is not listed (404)', async () => {
    const { text } = await server.http.get('/agents/999999').expect(404);
    expect(firstViewOf(text)).toBeNull();
    expect(rootOf(text)).toBe('');
  });

  it('sends the page without its rendering when rendering fails: the browser renders it', async () => {
    const { text } = await server.http.get('/?query=render-fails').expect(200);
    expect(rootOf(text)).toBe('');
    expect(firstViewOf(text)?.search?.query).toBe('render-fails');
  });

  it('keeps the strict script policy and revalidation, and gzips for browsers that take it', async () => {
    const response = await server.http.get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(firstViewOf(response.text)).not.toBeNull();
    const plain = await server.http.get('/').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('a shared search link', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebTestServer({ serverRender: true, env: { RATE_LIMIT_READS_PER_MINUTE: '3' } });
  });
  afterAll(() => server.stop());

  it('runs a search, so it counts against the read limit like the search API; the bare home page does not', async () => {
    for (let i = 0; i < 3; i++) await server.http.get(`/?query=bookkeeping${i}`).expect(200);
    await server.http.get('/?query=bookkeeping').expect(429);
    await server.http.get('/').expect(200);
  });
});
