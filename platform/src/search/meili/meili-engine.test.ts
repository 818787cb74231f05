import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { Meilisearch } from 'meilisearch';
import { describeSearchContract, searchDocument } from '../contract';
import type { SearchEngine } from '../port';
import { metaIndexUid } from './checkpoint';
import { dropIndex } from './indexes';
import { ensureScopedKeys, keyDefinitions } from './keys';
import { MeiliSearchEngine, openMeiliEngine } from './meili-engine';
import { migrateMeiliIndex } from './migrate';

// Runs the search contract against a real Meilisearch, e.g. MEILI_HOST=http://localhost:7700
// MEILI_MASTER_KEY=… with `docker compose up -d meilisearch` (README, Tests: npm run test:contract).
// Each test gets indexes of its own, prepared as a deploy's migrate prepares them and deleted when
// the test closes the engine. The master key is the test harness's, to make and drop those indexes;
// the scoped-keys block below runs the processes' own keys.

const host = process.env.MEILI_HOST;
const apiKey = process.env.MEILI_MASTER_KEY;

/** A local port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function adminClient(): Promise<Meilisearch> {
  const { Meilisearch } = await import('meilisearch');
  return new Meilisearch({ host: host!, apiKey });
}

async function openFresh(options: { embedder?: string } = {}): Promise<SearchEngine> {
  const indexUid = `agentry_test_${randomBytes(6).toString('hex')}`;
  await migrateMeiliIndex({ host: host!, apiKey, indexUid });
  const engine = await MeiliSearchEngine.open({
    host: host!,
    apiKey,
    indexUid,
    semanticRatio: 0.5,
    ...options,
  });
  await engine.readiness.ensure();
  return Object.assign(engine, {
    async close() {
      const client = await adminClient();
      await dropIndex(client, indexUid);
      await dropIndex(client, metaIndexUid(indexUid));
    },
  });
}

describe('openMeiliEngine', () => {
  it('opens without Meilisearch and then fails each call at once with the reason, not a hang', async () => {
    // A port just freed, so the connection is refused. Not port 1: fetch blocks it as a "bad port"
    // before connecting, which would prove nothing about an unreachable server.
    const port = await closedPort();
    const now = 0;
    const engine = await openMeiliEngine({
      host: `http://127.0.0.1:${port}`,
      indexUid: 'agents',
      semanticRatio: 0.5,
      now: () => now,
    });
    const reason = new RegExp(
      `Meilisearch at http://127\\.0\\.0\\.1:${port} does not answer: .*ECONNREFUSED`,
    );
    await expect(engine.search({ query: 'support' })).rejects.toThrow(reason);
    await expect(engine.ping()).rejects.toThrow(/ECONNREFUSED/);
    await expect(engine.checkpoint()).rejects.toThrow(reason);
  });
});

if (host) {
  // Every write waits for a Meilisearch task: slower than the in-memory embedded engine.
  jest.setTimeout(30_000);
  describeSearchContract('Meilisearch', () => openFresh());

  describe('Meilisearch adapter', () => {
    let engine: SearchEngine;
    beforeEach(async () => {
      engine = await openFresh();
    });
    afterEach(async () => {
      await engine?.close();
    });

    it('reports documents Meilisearch would refuse and applies the rest', async () => {
      const { rejected } = await engine.apply({
        upserts: [searchDocument('bad id!'), searchDocument('ok')],
        deletes: ['also bad/'],
        checkpoint: 3,
      });
      expect(rejected).toEqual([{ id: 'bad id!', reason: expect.stringMatching(/letters, digits/) }]);
      expect(await engine.stats()).toEqual({ documents: 1, checkpoint: 3 });
    });

    it('puts agents of a role the query names first', async () => {
      await engine.apply({
        upserts: [
          // The name outweighs the role in Meilisearch's attribute rule: only the boost puts b first.
          searchDocument('a', {
            name: 'Recruiter Finder',
            role: 'Sales Assistant',
            description: 'Finds leads.',
          }),
          searchDocument('b', { name: 'Hound', role: 'Recruiter', description: 'Finds candidates.' }),
        ],
        deletes: [],
        checkpoint: 1,
      });
      const response = await engine.search({ query: 'recruiter', facets: ['role'] });
      expect(response.hits.map((hit) => hit.document.id)).toEqual(['b', 'a']);
      expect(response.totalHits).toBe(2);
      expect(response.facets.role).toEqual({ 'Sales Assistant': 1, Recruiter: 1 });
    });

    it('matches facet values containing quotes literally', async () => {
      await engine.apply({
        upserts: [searchDocument('q', { provider: 'Say "Hi" \\ Co' }), searchDocument('r')],
        deletes: [],
        checkpoint: 1,
      });
      const response = await engine.search({ query: '', filters: { provider: ['Say "Hi" \\ Co'] } });
      expect(response.hits.map((hit) => hit.document.id)).toEqual(['q']);
    });

    it('gives no hits for similarTo an agent that is not indexed', async () => {
      await engine.apply({ upserts: [searchDocument('1')], deletes: [], checkpoint: 1 });
      expect((await engine.search({ query: '', similarTo: 'missing' })).hits).toEqual([]);
      expect((await engine.search({ query: '', similarTo: '../settings' })).hits).toEqual([]);
    });
  });

  describe('with the scoped keys the processes use', () => {
    const indexUid = `agentry_keys_${randomBytes(6).toString('hex')}`;
    let keys: { apiKey: string; searchKey: string };
    beforeAll(async () => {
      keys = await ensureScopedKeys(await adminClient(), indexUid);
      await migrateMeiliIndex({ host: host!, apiKey: keys.apiKey, indexUid });
    });
    afterAll(async () => {
      const client = await adminClient();
      for (const key of Object.values(keyDefinitions(indexUid))) {
        const found = (await client.getKeys({ limit: 1000 })).results.filter((k) => k.name === key.name);
        for (const k of found) await client.deleteKey(k.uid);
      }
      for (const uid of [indexUid, metaIndexUid(indexUid)]) await dropIndex(client, uid);
    });

    it('lets the indexer write, rebuild and swap, and the API search and nothing more', async () => {
      const indexer = await MeiliSearchEngine.open({
        host: host!,
        writeKey: keys.apiKey,
        indexUid,
        semanticRatio: 0.5,
      });
      await indexer.apply({
        upserts: [searchDocument('a', { name: 'Recruiter Finder' })],
        deletes: [],
        checkpoint: 1,
      });
      // The swap is a global task this key cannot see: the rebuild confirms it another way.
      const build = await indexer.beginRebuild();
      await build.add([searchDocument('a', { name: 'Recruiter Finder' }), searchDocument('b')]);
      await build.swap(2);
      expect(await indexer.stats()).toEqual({ documents: 2, checkpoint: 2 });
      const api = await MeiliSearchEngine.open({
        host: host!,
        searchKey: keys.searchKey,
        writes: false,
        indexUid,
        semanticRatio: 0.5,
      });
      expect((await api.search({ query: 'recruiter' })).hits.map((hit) => hit.document.id)).toEqual(['a']);
      expect((await api.search({ query: '', similarTo: 'a' })).hits.map((hit) => hit.document.id)).toEqual([
        'b',
      ]);
      // The search key itself is refused a write by Meilisearch, not only by the adapter.
      const { Meilisearch } = await import('meilisearch');
      const raw = new Meilisearch({ host: host!, apiKey: keys.searchKey });
      await expect(raw.index(indexUid).addDocuments([{ id: 'x' }])).rejects.toThrow();
    });
  });
} else {
  describe.skip('Search contract: Meilisearch (set MEILI_HOST to run)', () => {
    it('needs a Meilisearch server', () => {});
  });
}
