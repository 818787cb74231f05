import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { type RunningServer, startServer } from '@agentry/server/start';

// The real server, in-process, on a free port and a fresh DATA_DIR, with the team's demo catalog
// (100 agents), the embedded store and engine, and the built client (client/dist).

export const CLIENT_DIST = path.resolve(__dirname, '../../client/dist');
/** Links for crawlers are built on PUBLIC_URL, which differs from where the tests connect. */
export const PUBLIC_URL = 'http://agentry.test';

export interface AppServer {
  /** Where the browser goes: http://127.0.0.1:<port>. */
  url: string;
  context: RunningServer['context'];
  stop(): Promise<void>;
}

async function waitForSearch(url: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${url}/api/search?query=ReplyRanch`, {
        signal: AbortSignal.timeout(2000),
      });
      const hits = response.ok ? ((await response.json()) as unknown[]).length : 0;
      // The store answers (marked degraded) until the index holds the catalog: the engine must.
      const degraded = response.headers.get('x-search-degraded');
      if (hits > 0 && !degraded) return;
      last = `status ${response.status}, ${hits} hits${degraded ? ', from the store' : ''}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`search did not find the demo catalog within ${timeoutMs} ms (last: ${last})`);
}

/**
 * `env` adds settings to (or overrides) the harness's own, e.g. ADMIN_USERNAME and ADMIN_PASSWORD
 * for the staff account the server creates at start.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    throw new Error(
      `No client build at ${CLIENT_DIST}: run \`npm run build\` first (npm run test:e2e does).`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    INDEXER: 'inprocess',
    INDEXER_POLL_MS: '20',
    // One browser makes every request from one address; the limits are tested elsewhere.
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_LOGINS_PER_15_MINUTES: '1000',
    RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: '1000',
    SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '1000',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
    RATE_LIMIT_ADDRESS_LESS_PER_DAY: '100000',
    RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY: '100000',
    ...env,
  });
  const running = await startServer(config, {
    logger: createLogger('silent', 'e2e'),
    clientDist: CLIENT_DIST,
  });
  // The tests' own fetches (a status read beside the browser) share this process with the server:
  // on a busy machine one can reuse an idle connection just as the server's 5 s keep-alive timer
  // closes it (ECONNRESET, seen once in directory-first-view at load 30). As in test-server.ts, the
  // client's idle timer always comes first; production keeps 5 s (start.ts).
  running.server.keepAliveTimeout = 10 * 60_000;
  try {
    await waitForSearch(running.url);
  } catch (error) {
    await running.close();
    throw error;
  }
  return {
    url: running.url,
    context: running.context,
    async stop() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
