import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rebuildIndex } from '@agentry/indexer/rebuild';
import { loadConfig } from '@agentry/platform/config/env';
import { importAgents } from '@agentry/platform/import/import-agents';
import { readRows } from '@agentry/platform/import/read-rows';
import { createLogger } from '@agentry/platform/log/logger';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { type RunningServer, startServer } from '@agentry/server/start';

// A throw-away DATA_DIR holding a given agents file, indexed, with the real API server on it.

export interface FreshCatalog {
  server: RunningServer;
  dataDir: string;
  added: number;
  stop(): Promise<void>;
}

export async function serveFreshCatalog(agentsFile: string): Promise<FreshCatalog> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-eval-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const store = await openStore(config);
  const source = readRows(fs.readFileSync(agentsFile), agentsFile);
  const { added } = await importAgents(store, source.rows, { rowNumbers: source.rowNumbers });
  const writer = await openSearchEngine(config, { serve: false });
  await rebuildIndex(store, writer);
  await writer.close();
  await store.close();
  const server = await startServer(config, { logger: createLogger('silent', 'eval'), clientDist: null });
  return {
    server,
    dataDir,
    added,
    async stop() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
