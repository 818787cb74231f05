import { startTestServer, type TestServer } from '../testing/test-server';

// /healthz (alive) and /readyz (ready) on the real app, with one dependency made to fail or hang.
// Each test starts its own server: the readiness answer is kept for a second.

const down = async () => {
  throw new Error('connect ECONNREFUSED smtp://user:password@mail.example:587');
};
const hangs = () => new Promise<void>(() => {});

describe('the health probes', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ INDEXER: 'external' });
  });
  afterEach(() => server.stop());

  it('answers /readyz 200 when the store, search and mail answer', async () => {
    const response = await server.http.get('/readyz').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      status: 'ready',
      checks: { store: 'ok', search: 'ok', mail: 'ok' },
      worker: '0',
    });
  });

  it('answers /readyz 503 naming the store when it is down, while /healthz stays 200', async () => {
    server.running.context.store.ping = down;
    const ready = await server.http.get('/readyz').expect(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', checks: { store: 'down' }, failing: ['store'] });
    const alive = await server.http.get('/healthz').expect(200);
    expect(alive.body).toMatchObject({ status: 'down', checks: { store: 'down', search: 'ok', mail: 'ok' } });
  });

  it('stays in service when the search engine is down: /readyz 200 degraded naming search, 503 when strict', async () => {
    // Every instance still answers searches from the store: taking them all out would be an outage.
    server.running.context.engine!.ping = down;
    const ready = await server.http.get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'degraded', checks: { search: 'down' }, failing: ['search'] });
    const strict = await server.http.get('/readyz?strict=1').expect(503);
    expect(strict.body).toMatchObject({ status: 'not_ready', failing: ['search'] });
    await server.http.get('/readyz?strict=false').expect(200);
    await server.http
      .get('/healthz')
      .expect(200)
      .expect(({ body }) => expect(body.status).toBe('degraded'));
  });

  it("keeps a process whose index is loading in service: /readyz 200 degraded naming search's state, 503 when strict", async () => {
    // A restart's snapshot load (searches wait for it, at most LONG_LOAD_MS) or a lost index being
    // rebuilt (the store answers): a 503 would take a single instance, or a whole fleet restarted
    // together, out of the load balancer until its next probe (README, "Ready means ready").
    const { readiness } = server.running.context;
    readiness.check = async () => ({
      ready: false,
      checks: { store: 'ok', search: 'loading', mail: 'ok' },
      failing: ['search'],
    });
    const ready = await server.http.get('/readyz').expect(200);
    expect(ready.body).toMatchObject({
      status: 'degraded',
      checks: { search: 'loading' },
      failing: ['search'],
    });
    const strict = await server.http.get('/readyz?strict=1').expect(503);
    expect(strict.body).toMatchObject({ status: 'not_ready', checks: { search: 'loading' } });
  });

  it('names mail when the mail transport is down, without its address (degraded; 503 when strict)', async () => {
    server.running.context.mailer.verify = down;
    const ready = await server.http.get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'degraded', checks: { mail: 'down' }, failing: ['mail'] });
    expect(ready.text).not.toMatch(/password|smtp:|ECONNREFUSED/);
    const strict = await server.http.get('/readyz?strict').expect(503);
    expect(strict.text).not.toMatch(/password|smtp:|ECONNREFUSED/);
  });

  it('answers /readyz 503 when the store hangs, its check timed out', async () => {
    server.running.context.store.ping = hangs;
    // The other checks answer at once: at load 20 (a clean-clone CI beside other work) the real
    // outbox's check also ran past its 1 s and the answer named mail too.
    server.running.context.mailer.verify = async () => {};
    // The check's own timeout (1 s) ends the wait: a probe that waited on the hung store would
    // never answer and the test would time out.
    const ready = await server.http.get('/readyz').expect(503);
    expect(ready.body).toMatchObject({ checks: { store: 'timeout' }, failing: ['store'] });
  });
});

describe('the health probes during a shutdown', () => {
  it('answer /readyz 503 draining while the port is still open, /healthz and /livez 200', async () => {
    const server = await startTestServer({ INDEXER: 'external', SHUTDOWN_DELAY_MS: '300' });
    await server.http.get('/readyz').expect(200);
    const closing = server.running.close();
    await server.http.get('/readyz').expect(503, { status: 'draining', worker: '0' });
    await server.http.get('/healthz').expect(200);
    await server.http.get('/livez').expect(200);
    expect(await closing).toEqual({ cut: 0 });
    await server.stop();
  });
});
