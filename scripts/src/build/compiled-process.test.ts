import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REBUILD_WHEN_BEHIND } from '@agentry/indexer/sync-loop';
import { SEARCH_FILE_NAME } from '@agentry/platform/search/factory';
import { type ApiProcess, startApiProcess } from '@agentry/server/testing/api-process';
import { syntheticAgents } from '../bench/synthetic-agents';
import { REPO_ROOT } from './entries';

// The compiled bundles run from dist/ as production runs them (built first if stale): files found
// beside the repository from dist/, the import CLI, and a worker thread loaded from its own bundle.

const { compiledEntryArgs } = require('../../bin/compiled-build.cjs') as {
  compiledEntryArgs: (name: string) => string[];
};

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
      const agents = [...syntheticAgents(count)];
      const file = path.join(dataDir, 'agents.json');
      fs.writeFileSync(file, JSON.stringify(agents));
      const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
      execFileSync(process.execPath, [...compiledEntryArgs('import'), file], {
        cwd: REPO_ROOT,
        env,
        stdio: 'ignore',
      });
      // The import indexes a bulk import itself; without its index the API must rebuild it whole,
      // which it does on a worker thread (indexer/src/rebuild-in-worker.ts).
      for (const name of fs.readdirSync(dataDir))
        if (name.startsWith(SEARCH_FILE_NAME)) fs.rmSync(path.join(dataDir, name), { recursive: true });

      api = await startApiProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
      const last = agents[agents.length - 1]!;
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
