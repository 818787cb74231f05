import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REBUILD_WHEN_BEHIND } from '@agentry/indexer/sync-loop';
import { SEARCH_FILE_NAME } from '@agentry/platform/search/factory';
import { sqliteFileOf } from '@agentry/platform/store/factory';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { type ApiProcess, startApiProcess } from '@agentry/server/testing/api-process';
import { importSyntheticAgents, syntheticAgents } from '../bench/synthetic-agents';

// The compiled bundles run from dist/ as production runs them (built first if stale): files found
// beside the repository from dist/, and a worker thread loaded from its own bundle. (The compiled
// import CLI runs in scripts/src/import/main.test.ts.)

// Limits that only end a hang (60 s was seen passed under load in an earlier stop): an import, a
// start and a whole rebuild of compiled processes. How long they take is bench:startup's business.
jest.setTimeout(240_000);

describe('the compiled API and CLIs', () => {
  let api: ApiProcess | undefined;
  afterEach(() => api?.cleanUp());

  it('When the compiled API serves the web client and the API description, then it finds both from dist/', async () => {
    api = await startApiProcess();
    const home = await fetch(`${api.base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/^<!doctype html>/i);
    const description = await fetch(`${api.base}/api/openapi.yaml`);
    expect(description.status).toBe(200);
    expect(await description.text()).toMatch(/^openapi: 3/);
  });

  it('When the compiled API starts far behind a bulk import, then it rebuilds the index on its compiled worker thread', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-compiled-import-'));
    try {
      const count = REBUILD_WHEN_BEHIND + 1;
      // The bulk import written straight into the store, as the import CLI writes it. The CLI
      // itself then built the index (2/3 of this test's time), which was deleted unread.
      const store = openSqliteStore(sqliteFileOf({ dataDir }));
      try {
        await importSyntheticAgents(store.agents, count);
      } finally {
        await store.close();
      }
      // Without its index the API must rebuild it whole, which it does on a worker thread
      // (indexer/src/rebuild-in-worker.ts).
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(SEARCH_FILE_NAME))).toEqual([]);

      api = await startApiProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
      const last = [...syntheticAgents(count)][count - 1]!;
      const query = `${api.base}/api/search?${new URLSearchParams({ query: last.name })}`;
      let found = false;
      // Until the rebuilt index answers (it was 300 tries 100 ms apart: a rebuild slower than 30 s
      // on a busy machine failed); the deadline only ends a rebuild that never comes.
      const deadline = Date.now() + 180_000;
      while (!found && Date.now() < deadline) {
        const response = await fetch(query);
        const hits = (await response.json()) as Array<{ name: string }>;
        found = !response.headers.get('x-search-degraded') && hits.some((hit) => hit.name === last.name);
        if (!found) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(found).toBe(true);
      expect(api.logs().some((line) => /rebuilding it whole/.test(line.msg))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
