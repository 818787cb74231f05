import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import request from 'supertest';
import { type RunningServer, type StartOptions, startServer } from '../start';

// The real server on a fresh DATA_DIR (embedded SQLite store and search engine, in-process
// indexer), listening on a free port. Tests drive it over HTTP.

export interface TestServer {
  running: RunningServer;
  http: ReturnType<typeof request>;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<
    StartOptions,
    'engine' | 'clientDist' | 'now' | 'payments' | 'mailer' | 'logger' | 'searchTimeoutMs' | 'uploadTimeoutMs'
  > = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-api-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    INDEXER_POLL_MS: '10',
    // No link checks or domain rechecks unless a test asks: tests make no outbound call by themselves.
    TRUST_JOBS: 'off',
    DIGESTS: 'off',
    ...env,
  });
  const running = await startServer(config, {
    logger: createLogger('silent', 'test'),
    clientDist: null,
    // Tests start hundreds of servers: SQLite's own checkpoints, no thread each (wal-checkpoints.test).
    checkpointsOffThread: false,
    ...options,
  });
  // The client (fetch, the MCP SDK) and the server share this process. When the test's own work
  // holds it (a fixture built, a spreadsheet read: seconds on a busy machine) past the server's
  // keepAliveTimeout (5 s), the next fetch may reuse an idle connection just as the server's timer
  // closes it: ECONNRESET, "other side closed". Here the client's idle timer (the server's hint
  // less a margin) always comes first. Production keeps 5 s (start.ts; keep-alive-bound.test).
  running.server.keepAliveTimeout = 10 * 60_000;
  return {
    running,
    http: request(running.url),
    dataDir,
    async stop() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the condition holds (the indexer works asynchronously). The limit only ends a hang:
 * on two busy cores what takes milliseconds quiet can take seconds (5 s by default was little).
 */
export async function eventually(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The cookie a browser is given with its first CSRF token (an anonymous token's nonce: no session
 * is stored for it), and the token, as the client gets them.
 */
export async function csrfSession(http: TestServer['http']): Promise<{ cookie: string; token: string }> {
  const response = await http.get('/api/csrf-token').expect(200);
  const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return { cookie, token: response.body.csrf_token };
}
