import { NOT_TAKEN_MESSAGE, readReindexJob, STALE_AFTER_MS } from '@agentry/indexer/reindex-job-record';
import { runIndexer } from '@agentry/indexer/sync-loop';
import { createLogger } from '@agentry/platform/log/logger';
import { EmbeddedSearchEngine } from '@agentry/platform/search/embedded/embedded-engine';
import { MeiliSearchEngine } from '@agentry/platform/search/meili/meili-engine';
import { RecordingMeili } from '@agentry/platform/search/meili/testing/recording-meili';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import { eventually, startTestServer, type TestServer } from '../../testing/test-server';
import { ADMIN_ENV, AdminBrowser } from '../../testing/visitor';

// In the production shape the API holds Meilisearch's search-only key and the indexer runs apart
// (INDEXER=external): the admin screen's Reindex cannot rebuild from the API, so the API records the
// request and the indexer process runs it. Here the API's engine is the real Meilisearch adapter
// with a search-only key (on a recording stand-in: no Meilisearch runs here), and the indexer's
// side runs on an embedded engine: which engine the indexer rebuilds is not what is tested.

describe('a reindex asked of the indexer', () => {
  let meili: RecordingMeili;
  let server: TestServer;
  beforeEach(async () => {
    meili = await new RecordingMeili().start();
    const engine = await MeiliSearchEngine.unchecked({
      host: meili.url,
      searchKey: 's'.repeat(64),
      writes: false,
      indexUid: 'agents',
      semanticRatio: 0.5,
    });
    server = await startTestServer({ ...ADMIN_ENV, MEILI_HOST: meili.url, INDEXER: 'external' }, { engine });
  });
  afterEach(async () => {
    await server.stop();
    await meili.stop();
  });

  it('When an admin asks through an API that cannot write the index, then the indexer takes it, runs it and reports it', async () => {
    // Listed by the store itself: a visitor's registration is now held until its address is confirmed.
    await server.running.context.store.agents.create(agentInput({ name: 'Driftwood' }));
    const admin = await new AdminBrowser(server.running.url).signIn();
    const asked = await admin.post('/api/admin/reindex').expect(202);
    expect(asked.body.job).toMatchObject({ state: 'running', runner: 'indexer', claimed_at: null });
    // Nothing was sent to Meilisearch for it: the API's key could not have built an index.
    expect(
      meili.requests.filter((request) => request.method !== 'POST' || !/search$/.test(request.path)),
    ).toEqual([]);

    const store = server.running.context.store;
    const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
    const controller = new AbortController();
    const indexing = runIndexer({
      store,
      engine,
      logger: createLogger('silent', 'test'),
      pollMs: 10,
      signal: controller.signal,
      takeReindexRequests: true,
    });
    try {
      let job = asked.body.job;
      await eventually(async () => {
        job = (await admin.get('/api/admin/reindex').expect(200)).body.job;
        return job.state !== 'running';
      }, 20_000);
      expect(job).toMatchObject({
        state: 'done',
        documents: 1,
        runner: 'indexer',
        claimed_at: expect.any(String),
      });
      const audit = (await admin.get('/api/admin/audit?action=reindex').expect(200)).body;
      expect(audit.total).toBe(1);
      expect((await engine.search({ query: 'Driftwood' })).hits.map((hit) => hit.document.name)).toEqual([
        'Driftwood',
      ]);
    } finally {
      controller.abort();
      await indexing;
      await engine.close();
    }
  });

  it('When no indexer takes it, then after a while the screen says so instead of waiting for ever', async () => {
    const admin = await new AdminBrowser(server.running.url).signIn();
    await admin.post('/api/admin/reindex').expect(202);
    const store = server.running.context.store;
    const later = Date.now() + STALE_AFTER_MS + 1_000;
    expect(await readReindexJob(store, later)).toMatchObject({ state: 'failed', error: NOT_TAKEN_MESSAGE });
  });
});
