import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  type ApiProcess,
  holdRequest,
  type LogLine,
  refusesConnections,
  startApiProcess,
} from '../testing/api-process';
import { REPEAT_WINDOW_MS } from './shutdown-signals';

// SIGTERM to the real API process while a request is in flight: the request still gets its answer,
// /readyz says 503 from the signal on, new connections are refused once the port closes, the process
// exits 0, and the SQLite file it leaves is whole (no write-ahead log left to replay) and holds the
// analytics counted by that last request.

const SEARCH = { requests: [{ indexName: 'agents', params: { query: '', hitsPerPage: 5 } }] };
// Nothing here waits on a stopwatch: each step waits for what the process says or does, and the
// time limits are only there to end a hang (on two busy cores a start or a drain can take seconds).
const HANG_MS = 30_000;
// A test's own limit leaves room for a start (up to 90 s, see api-process.ts) and its steps.
const TEST_MS = 200_000;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = HANG_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what}: not in time`);
}

/** A /readyz answer on a new connection; undefined when the connection is refused. */
async function readyz(api: ApiProcess): Promise<{ status: number; body: { status: string } } | undefined> {
  try {
    const response = await fetch(`${api.base}/readyz`, { headers: { connection: 'close' } });
    return { status: response.status, body: (await response.json()) as { status: string } };
  } catch {
    return undefined;
  }
}

/** A keep-alive connection that has answered one request and now sits idle. */
async function idleKeepAlive(port: number): Promise<{ closed: Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/livez', agent }, (response) => {
        const socket = response.socket;
        response.resume();
        response.on('end', () =>
          resolve({ closed: new Promise((done) => socket.once('close', () => done())) }),
        );
      })
      .on('error', reject);
  });
}

/**
 * Resolves once the API has read the held request's headers (it is then in flight), without a
 * guess at how long that takes: /readyz asked on new connections, opened after the held one, is
 * answered by every worker. A worker takes its connections in order and reads what the held one
 * had already sent before it answers a later one. (A 200 ms pause stood here: on a busy machine
 * the signal could come first, and the request was then closed unread instead of drained.)
 */
async function heldRequestRead(api: ApiProcess, workers = 1): Promise<void> {
  const answered = new Set<string>();
  await until(`/readyz from each of ${workers} workers`, async () => {
    const answer = await readyz(api);
    if (answer) answered.add(String((answer.body as { worker?: string }).worker));
    return answered.size >= workers ? true : undefined;
  });
}

/** Resolves once the process has logged that it took the signal. */
const signalTaken = (api: ApiProcess) =>
  until('the signal taken', async () =>
    api.logs().some((line) => line.msg === 'shutdown: signal received') ? true : undefined,
  );

const messages = (logs: LogLine[]) =>
  logs.map((line) => line.msg).filter((msg) => msg.startsWith('shutdown'));

/** The store is whole and replays nothing; `counted`: it holds the analytics of the last search. */
function expectWholeDatabase(dataDir: string, { counted = true } = {}) {
  const file = path.join(dataDir, 'agentry.db');
  const wal = `${file}-wal`;
  expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  const db = new Database(file);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The search's 'appeared' counts were written at shutdown (the periodic flush is 10 s away).
    const { appeared } = db.prepare('SELECT SUM(appeared) AS appeared FROM agent_stats').get() as {
      appeared: number | null;
    };
    if (counted) expect(appeared).toBeGreaterThan(0);
  } finally {
    db.close();
  }
}

describe('SIGTERM to the API process', () => {
  let api: ApiProcess | undefined;
  afterEach(() => api?.cleanUp());

  it(
    'finishes the request in flight, turns unready, refuses new connections, exits 0 with a whole store',
    async () => {
      // The delay is how long /readyz says 503 with the port still open: long enough for a /readyz
      // on a busy machine to land inside it (500 ms did not always). The deadline only ends a hang.
      api = await startApiProcess({ SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: String(HANG_MS) });
      const ready = await readyz(api);
      expect(ready).toEqual({
        status: 200,
        body: { status: 'ready', checks: { store: 'ok', search: 'ok', mail: 'ok' }, worker: '0' },
      });
      const idle = await idleKeepAlive(api.port);
      const held = await holdRequest(api.port, '/api/instantsearch/multi-search', SEARCH);
      await heldRequestRead(api);

      api.child.kill('SIGTERM');
      // During the delay the port is open and /readyz says why no traffic should come.
      const unready = await until('/readyz 503', async () => {
        const answer = await readyz(api!);
        return answer?.status === 503 ? answer : undefined;
      });
      expect(unready.body).toEqual({ status: 'draining', worker: '0' });
      await until('connections refused', async () =>
        (await refusesConnections(api!.port)) ? true : undefined,
      );
      // The idle keep-alive connection was closed instead of left open until its timeout.
      await idle.closed;
      expect(api.child.exitCode).toBeNull();

      const answer = await held.finish();
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body).results[0].hits.length).toBeGreaterThan(0);

      expect(await api.exited).toEqual({ code: 0, signal: null });
      // Not held by the deadline: every request finished (the idle keep-alive connection was closed
      // above rather than left to its timeout). Said by the log, not by a stopwatch.
      expect(messages(api.logs())).toEqual([
        'shutdown: signal received',
        'shutdown: not ready any more (/readyz answers 503)',
        'shutdown: port closed; draining in-flight requests',
        'shutdown: every request finished',
        'shutdown: indexer and upkeep stopped',
        'shutdown: analytics and tool-usage counts written',
        'shutdown: store closed',
      ]);
      expect(api.logs().find((line) => line.msg.startsWith('shutdown: not ready'))).toMatchObject({
        in_flight: 1,
      });
      expectWholeDatabase(api.dataDir);
    },
    TEST_MS,
  );

  it(
    'in cluster mode, is passed on to the workers, which drain before the supervisor exits 0',
    async () => {
      api = await startApiProcess({ WEB_CONCURRENCY: '2', SHUTDOWN_TIMEOUT_MS: String(HANG_MS) });
      const held = await holdRequest(api.port, '/api/instantsearch/multi-search', SEARCH);
      await heldRequestRead(api, 2);

      api.child.kill('SIGTERM');
      await until('connections refused', async () =>
        (await refusesConnections(api!.port)) ? true : undefined,
      );
      expect(api.child.exitCode).toBeNull();
      const answer = await held.finish();
      expect(answer.status).toBe(200);

      expect(await api.exited).toEqual({ code: 0, signal: null });
      const logs = api.logs();
      expect(logs.filter((line) => line.msg === 'API worker stopped')).toEqual([
        expect.objectContaining({ code: 0 }),
        expect.objectContaining({ code: 0 }),
      ]);
      expect(logs.filter((line) => line.msg === 'shutdown: store closed')).toHaveLength(2);
      expectWholeDatabase(api.dataDir);
    },
    TEST_MS,
  );

  it(
    'cuts a request that outlasts SHUTDOWN_TIMEOUT_MS, still closes the store, and exits 1',
    async () => {
      api = await startApiProcess({ SHUTDOWN_TIMEOUT_MS: '300' });
      const held = await holdRequest(api.port, '/api/instantsearch/multi-search', SEARCH);
      // The request is never finished: it outlasts any deadline, however slow the machine.
      await heldRequestRead(api);

      api.child.kill('SIGTERM');
      const answer = held.answer.catch((error: NodeJS.ErrnoException) => error.code);
      expect(await api.exited).toEqual({ code: 1, signal: null });
      expect(await answer).toBe('ECONNRESET');
      const logs = api.logs();
      expect(logs.find((line) => line.msg === 'shutdown: deadline passed; requests cut')).toMatchObject({
        cut: 1,
      });
      expect(messages(logs)).toContain('shutdown: store closed');
      expectWholeDatabase(api.dataDir, { counted: false });
    },
    TEST_MS,
  );

  it(
    'exits at once, 1, on a second SIGTERM',
    async () => {
      // The longest deadline there is, past the test's own limit: only the second signal ends this drain.
      api = await startApiProcess({ SHUTDOWN_TIMEOUT_MS: '120000' });
      const held = await holdRequest(api.port, '/api/instantsearch/multi-search', SEARCH);
      await heldRequestRead(api);

      api.child.kill('SIGTERM');
      const answer = held.answer.catch((error: NodeJS.ErrnoException) => error.code);
      // A repeat within REPEAT_WINDOW_MS of the first is taken as the same request
      // (shutdown-signals.ts): counted from when the process logged the first, not from when it was
      // sent (a busy machine can take the first one late; the 1.1 s pause alone then fell inside).
      await signalTaken(api);
      await new Promise((resolve) => setTimeout(resolve, REPEAT_WINDOW_MS + 100));
      api.child.kill('SIGTERM');
      // The exit comes from the second signal, not the deadline (never reached): said by the log and
      // the code, not by a stopwatch.
      expect(await api.exited).toEqual({ code: 1, signal: null });
      expect(await answer).toBe('ECONNRESET');
      expect(api.logs().find((line) => line.msg === 'shutdown: forced exit')).toMatchObject({
        reason: 'SIGTERM received again',
      });
    },
    TEST_MS,
  );
});
