import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeSearchContract, searchDocument } from '../contract';
import { EmbeddedSearchEngine } from './embedded-engine';

describeSearchContract('embedded', () =>
  EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 10_000 }),
);

describe('embedded engine across processes', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-search-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows what another instance wrote after a sync, and a swapped rebuild after reloading', async () => {
    const file = path.join(dir, 'search.db');
    const server = await EmbeddedSearchEngine.open(file, { serve: true, pollMs: 60_000 });
    const writer = await EmbeddedSearchEngine.open(file, { serve: false });

    await writer.apply({
      upserts: [searchDocument('1', { name: 'Remote Write' })],
      deletes: [],
      checkpoint: 1,
    });
    expect((await server.search({ query: 'remote write' })).hits).toHaveLength(0);
    await server.sync();
    expect((await server.search({ query: 'remote write' })).hits.map((h) => h.document.id)).toEqual(['1']);

    const build = await writer.beginRebuild();
    await build.add([searchDocument('2', { name: 'Rebuilt' })]);
    await build.swap(9);
    await server.sync();
    expect((await server.search({ query: '' })).hits.map((h) => h.document.id)).toEqual(['2']);
    expect(await server.checkpoint()).toBe(9);

    await writer.close();
    await server.close();
  });

  it('takes writes while it loads a swapped-in index across event-loop turns', async () => {
    const file = path.join(dir, 'search.db');
    const server = await EmbeddedSearchEngine.open(file, { serve: true, pollMs: 60_000 });
    const writer = await EmbeddedSearchEngine.open(file, { serve: false });
    const build = await writer.beginRebuild();
    await build.add(
      Array.from({ length: 8000 }, (_, i) => searchDocument(`r${i}`, { name: `Rebuilt ${i}` })),
    );
    await build.swap(5);
    // The load yields every 500 documents; a batch applied meanwhile must not find the
    // connection busy (it did while the load held a statement iterator open).
    const loading = server.sync();
    await new Promise((resolve) => setImmediate(resolve));
    await server.apply({
      upserts: [searchDocument('late', { name: 'Late Arrival' })],
      deletes: [],
      checkpoint: 6,
    });
    await loading;
    expect((await server.search({ query: 'late arrival' })).hits[0]?.document.id).toBe('late');
    expect((await server.stats()).documents).toBe(8001);
    await writer.close();
    await server.close();
  });

  it('refuses to search on a write-only instance', async () => {
    const writer = await EmbeddedSearchEngine.open(':memory:', { serve: false });
    await expect(writer.search({ query: 'x' })).rejects.toThrow(/only writes/);
    await writer.close();
  });

  it('reports a document without an id instead of failing the batch', async () => {
    const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
    const bad = { ...searchDocument('x'), id: '' };
    const { rejected } = await engine.apply({
      upserts: [bad, searchDocument('ok')],
      deletes: [],
      checkpoint: 3,
    });
    expect(rejected).toEqual([{ id: '', reason: 'document has no id' }]);
    expect(await engine.stats()).toEqual({ documents: 1, checkpoint: 3 });
    await engine.close();
  });

  it('gives back a kept answer without searching, and none for a search not asked yet or once the index has changed', async () => {
    const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
    await engine.apply({
      upserts: [searchDocument('1', { name: 'Ledger Keeper' })],
      deletes: [],
      checkpoint: 1,
    });
    expect(engine.cached({ query: 'ledger' })).toBeUndefined();
    const answered = await engine.search({ query: 'ledger' });
    expect(engine.cached({ query: 'ledger' })).toBe(answered);
    expect(engine.cached({ query: 'ledger', hitsPerPage: 5 })).toBeUndefined();
    await engine.apply({
      upserts: [searchDocument('2', { name: 'Ledger Clerk' })],
      deletes: [],
      checkpoint: 2,
    });
    expect(engine.cached({ query: 'ledger' })).toBeUndefined();
    await engine.close();
  });
});
