import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { importAgents } from '@agentry/platform/import/import-agents';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { indexAfterImport } from './index-import';

const row = (i: number) => ({
  name: `Ledgerbot ${i}`,
  provider: 'Acme',
  category: 'Finance',
  role: 'Bookkeeper',
  description: `Reconciles accounts, batch ${i}.`,
  cost: 'Free',
  address: `https://ledgerbot-${i}.example`,
});

describe('indexAfterImport', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-index-import-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const config = () => loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });

  it('builds the embedded index when an import left it far behind, so the next start only loads it', async () => {
    const store = await openStore(config());
    await importAgents(
      store,
      Array.from({ length: 30 }, (_, i) => row(i)),
    );
    const progress: number[] = [];
    const result = await indexAfterImport(config(), store, (done) => progress.push(done), 10);
    expect(result).toEqual({ documents: 30 });
    expect(progress[progress.length - 1]).toBe(30);
    const engine = await openSearchEngine(config(), { serve: true });
    expect(await engine.checkpoint()).toBe(await store.changes.head());
    expect((await engine.search({ query: 'ledgerbot 29' })).hits[0]?.document.name).toBe('Ledgerbot 29');
    await engine.close();
    await store.close();
  });

  it('leaves a small import to the running indexer', async () => {
    const store = await openStore(config());
    await importAgents(store, [row(1), row(2)]);
    expect(await indexAfterImport(config(), store, () => {}, 10)).toBeNull();
    const engine = await openSearchEngine(config(), { serve: false });
    expect(await engine.checkpoint()).toBe(0);
    await engine.close();
    await store.close();
  });
});
