import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFakeClientDist } from '../../testing/fake-client-dist';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { threadServerRenderer } from './server-render-thread';

// Issue 24: the client's server bundle held the API's event loop up to 189 ms of CPU to load, and
// each page's render held it again. The API renders on a thread of its own; these bundles say
// which thread ran them.

const WHERE = `const { isMainThread } = require('node:worker_threads');
globalThis.agentryBundleLoaded = true;
const where = () => (isMainThread ? 'the serving thread' : 'a thread of its own');`;

function distWith(bundle: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-ssr-thread-'));
  fs.mkdirSync(path.join(dir, '.ssr'));
  fs.writeFileSync(path.join(dir, '.ssr', 'entry-server.cjs'), `${WHERE}\n${bundle}\n`);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const warnings: string[] = [];
const logger = { warn: (_: unknown, message?: string) => void warnings.push(String(message)) };

beforeEach(() => {
  warnings.length = 0;
});

describe('the API server', () => {
  let server: TestServer;
  let dist: { dir: string; remove(): void };

  beforeAll(async () => {
    dist = createFakeClientDist({ serverRender: true });
    fs.writeFileSync(
      path.join(dist.dir, '.ssr', 'entry-server.cjs'),
      `${WHERE}\nexports.render = async (url) => '<p id="rendered">' + new URL(url).pathname + ' on ' + where() + '</p>';\n`,
    );
    server = await startTestServer({}, { clientDist: dist.dir });
  });

  afterAll(async () => {
    await server?.stop();
    dist?.remove();
  });

  it('When a page is asked for, then it is rendered on a thread of its own and the serving thread never loads the bundle', async () => {
    const page = await server.http.get('/').expect(200);
    expect(page.text).toContain('<p id="rendered">/ on a thread of its own</p>');
    expect((globalThis as { agentryBundleLoaded?: boolean }).agentryBundleLoaded).toBeUndefined();
  });
});

describe('threadServerRenderer', () => {
  it('renders each page with the data it was given', async () => {
    const dist = distWith(
      'exports.render = async (url, view) => "<p>" + url + " " + JSON.stringify(view) + " " + where() + "</p>";',
    );
    const renderer = threadServerRenderer(dist.dir, logger)!;
    try {
      const [first, second] = await Promise.all([
        renderer.render('/agents/7', { reads: { '/api/agents/7?view=page': { name: 'Ada' } } }),
        renderer.render('/?query=tax', { reads: {} }),
      ]);
      expect(first).toBe(
        '<p>http://localhost/agents/7 {"reads":{"/api/agents/7?view=page":{"name":"Ada"}}} a thread of its own</p>',
      );
      expect(second).toBe('<p>http://localhost/?query=tax {"reads":{}} a thread of its own</p>');
      expect(warnings).toEqual([]);
    } finally {
      await renderer.close();
      dist.remove();
    }
  });

  it('leaves pages to the browser, with one warning, when the bundle fails to load', async () => {
    const dist = distWith('throw new Error("broken build");');
    const renderer = threadServerRenderer(dist.dir, logger)!;
    try {
      expect(await renderer.load()).toBe(false);
      expect(await renderer.render('/', { reads: {} })).toBeNull();
      expect(await renderer.render('/agents/7', { reads: {} })).toBeNull();
      expect(warnings).toEqual(['server renderer could not be loaded: pages render in the browser']);
    } finally {
      await renderer.close();
      dist.remove();
    }
  });

  it('When one page fails to render, then that page goes to the browser and the next renders', async () => {
    const dist = distWith(
      'exports.render = async (url) => { if (url.includes("fails")) throw new Error("cannot render"); return "<p>" + url + "</p>"; };',
    );
    const renderer = threadServerRenderer(dist.dir, logger)!;
    try {
      expect(await renderer.render('/fails', { reads: {} })).toBeNull();
      expect(await renderer.render('/agents/7', { reads: {} })).toBe('<p>http://localhost/agents/7</p>');
      expect(warnings).toEqual(['server rendering failed']);
    } finally {
      await renderer.close();
      dist.remove();
    }
  });

  it('When the thread dies, then its pages go to the browser and the next page starts a new thread', async () => {
    const dist = distWith(
      'exports.render = async (url) => { if (url.includes("dies")) process.exit(3); return "<p>" + url + "</p>"; };',
    );
    const renderer = threadServerRenderer(dist.dir, logger)!;
    try {
      expect(await renderer.render('/dies', { reads: {} })).toBeNull();
      expect(await renderer.render('/agents/7', { reads: {} })).toBe('<p>http://localhost/agents/7</p>');
      expect(warnings).toEqual(['server renderer thread stopped: started again by the next page']);
    } finally {
      await renderer.close();
      dist.remove();
    }
  });

  it('When a render never ends, then its page goes to the browser once the time is up', async () => {
    const dist = distWith('exports.render = () => new Promise(() => {});');
    const renderer = threadServerRenderer(dist.dir, logger, { timeoutMs: 100 })!;
    try {
      expect(await renderer.render('/agents/7', { reads: {} })).toBeNull();
      expect(warnings).toEqual(['server rendering took too long: the browser renders the page']);
    } finally {
      await renderer.close();
      dist.remove();
    }
  });

  it('is null without a server bundle (an older build: pages render in the browser)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-ssr-none-'));
    try {
      expect(threadServerRenderer(dir, logger)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
