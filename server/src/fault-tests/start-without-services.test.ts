import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import { openStore } from '@agentry/platform/store/factory';
import { connectionOptions, SERVER_SELECTION_TIMEOUT_MS } from '@agentry/platform/store/mongo/connect';
import { freePort } from '../testing/api-process';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, Visitor } from '../testing/visitor';

// A start while a dependency is away, as a deploy or a reboot meets it:
// - Meilisearch not there (a refused port) or hung (a port that accepts and never answers): the API
//   starts through the real factory (MEILI_HOST set, no engine injected), is ready and degraded,
//   and answers searches from the store;
// - MongoDB not there: the API's start fails, naming MongoDB, after the driver's server selection
//   timeout (5 s, platform/src/store/mongo/connect.ts) instead of the default 30 s.
// The behaviour proved is that nothing waits for Meilisearch at all, and that MongoDB is given up on
// at the configured timeout. The bounds below are not figures (how fast a start is: bench:startup):
// each sits under what the bug would take (a Meilisearch request's 15 s timeout, MongoDB's driver
// default of 30 s) and far over what a start takes, even on two busy cores (5 s and 10 s, the
// bounds before, left a start under load little room).
/** Under REQUEST_TIMEOUT_MS of the Meilisearch adapter (15 s): a start that waited for it is over. */
const READY_BOUND_MS = 12_000;

const REPO_ROOT = path.resolve(__dirname, '../../..');
const { apiNodeArgs } = require('../../bin/process-args.cjs') as {
  apiNodeArgs: (env?: NodeJS.ProcessEnv) => string[];
};

/** A port that accepts connections and never answers: a hung server, not a refused one. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('when Meilisearch is not there at start', () => {
  // The test's own time includes an agent registration and a fallback search (2 s when hung).
  jest.setTimeout(60_000);
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function startAndSearch(host: string) {
    const started = performance.now();
    // No engine injected: the factory opens Meilisearch as in production.
    server = await startTestServer({ ...ADMIN_ENV, MEILI_HOST: host });
    const visitor = new Visitor(server.running.url);
    const ready = await visitor.get('/readyz').expect(200);
    const readyAfterMs = performance.now() - started;
    // Listed by the store itself: a visitor's registration is now held until its address is confirmed.
    await server.running.context.store.agents.create(agentInput({ name: 'Driftwood' }));
    const search = await visitor.get('/api/search?query=Driftwood').expect(200);
    return { ready: ready.body, readyAfterMs, search };
  }

  it('starts, is ready (degraded, naming search) and answers searches from the store when nothing listens', async () => {
    const { ready, readyAfterMs, search } = await startAndSearch(`http://127.0.0.1:${await freePort()}`);
    expect(ready).toMatchObject({ status: 'degraded' });
    expect(ready.failing).toContain('search');
    expect(readyAfterMs).toBeLessThan(READY_BOUND_MS);
    expect(search.headers['x-search-degraded']).toBe('store');
    expect(search.body.map((agent: { name: string }) => agent.name)).toEqual(['Driftwood']);
  });

  it('starts and is ready just as soon when Meilisearch accepts connections and never answers', async () => {
    const hung = await silentServer();
    try {
      const { ready, readyAfterMs, search } = await startAndSearch(`http://127.0.0.1:${hung.port}`);
      expect(ready).toMatchObject({ status: 'degraded' });
      expect(readyAfterMs).toBeLessThan(READY_BOUND_MS);
      expect(search.headers['x-search-degraded']).toBe('store');
    } finally {
      await hung.close();
    }
  });
});

describe('when MongoDB is not there at start', () => {
  it('gives up after the server selection timeout of 5 s rather than the driver default of 30 s, unless the URI says otherwise', () => {
    expect(SERVER_SELECTION_TIMEOUT_MS).toBe(5_000);
    expect(connectionOptions('mongodb://db/agentry?replicaSet=rs0').serverSelectionTimeoutMS).toBe(5_000);
    expect(
      connectionOptions('mongodb://db/agentry?replicaSet=rs0&serverselectiontimeoutms=12000')
        .serverSelectionTimeoutMS,
    ).toBeUndefined();
  });

  it('opening the configured store fails at the 5 s timeout, not the driver default, naming MongoDB and why', async () => {
    const config = loadConfig({
      MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/agentry?replicaSet=rs0`,
    });
    const started = performance.now();
    await expect(openStore(config)).rejects.toThrow(/^Cannot connect to MongoDB: .*ECONNREFUSED/);
    // At the 5 s timeout; the driver's default would have waited 30 s.
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 45_000);

  it('the API process exits 1, naming MongoDB, instead of waiting or starting without its store', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-nomongo-'));
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '1',
      MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/agentry?replicaSet=rs0`,
    };
    try {
      // Compiles dist/ first when stale.
      const args = apiNodeArgs(env);
      const child = spawn(process.execPath, args, {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(/Failed to start: Error: Cannot connect to MongoDB: .*ECONNREFUSED/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
