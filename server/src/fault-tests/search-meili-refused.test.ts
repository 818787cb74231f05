import { MeiliSearchEngine } from '@agentry/platform/search/meili/meili-engine';
import { freePort } from '../testing/api-process';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, AdminBrowser, agentForm, Visitor } from '../testing/visitor';

// The real Meilisearch adapter with nothing listening at MEILI_HOST (a closed local port), as when
// Meilisearch stops after the API has started: search answers from the store and writes succeed.
// The other half of the fault, the indexer catching up once Meilisearch is back, needs a
// Meilisearch server, which cannot run on these machines (FACTS.md); search-engine-down.test.ts
// proves it on the embedded engine behind the same kind of refused connection.

describe('when nothing listens at MEILI_HOST', () => {
  let server: TestServer;
  let host: string;
  const visitor = () => new Visitor(server.running.url);

  beforeEach(async () => {
    // A port just freed: nothing listens there, so every connection is refused at once.
    host = `http://127.0.0.1:${await freePort()}`;
    // open() would refuse to start against it; the adapter it would have returned is made directly.
    const engine = await MeiliSearchEngine.unchecked({ host, indexUid: 'agents', semanticRatio: 0.5 });
    // The engine timeout is far beyond any test's: a search that waited for it could not answer.
    server = await startTestServer(
      { ...ADMIN_ENV, MEILI_HOST: host },
      { engine, searchTimeoutMs: 10 * 60_000 },
    );
  });
  afterEach(() => server.stop());

  it('answers search from the store at once and keeps the writes', async () => {
    const admin = await new AdminBrowser(server.running.url).signIn();
    await admin.post('/api/admin/agents', { ...agentForm({ name: 'Driftwood' }), email: '' }).expect(201);
    const created = await admin
      .post('/api/admin/agents', { ...agentForm({ name: 'Saltmarsh' }), email: '' })
      .expect(201);
    await admin
      .put(`/api/admin/agents/${created.body.agent.id}`, { ...agentForm({ name: 'Seaglass' }), email: '' })
      .expect(200);

    // Refused connections fail in milliseconds: the fallback must not sit out the engine timeout
    // (ten minutes here: these searches could not answer within the test's time if it did).
    for (const name of ['Driftwood', 'Seaglass', 'Driftwood', 'Seaglass']) {
      const response = await visitor().get(`/api/search?query=${name}`).expect(200);
      expect(response.headers['x-search-degraded']).toBe('store');
      expect(response.body.map((agent: { name: string }) => agent.name)).toEqual([name]);
    }
    const store = server.running.context.store;
    expect((await store.agents.list({})).map((agent) => agent.name).sort()).toEqual([
      'Driftwood',
      'Seaglass',
    ]);
    const ready = await visitor().get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'degraded' });
    expect(ready.body.failing).toContain('search');
    await visitor().get('/readyz?strict=1').expect(503);
    // Nothing of the host leaks into the public answer.
    expect(JSON.stringify(ready.body)).not.toContain(host);
  });
});
