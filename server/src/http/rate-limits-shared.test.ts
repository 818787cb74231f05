import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { failingRateLimits, recordingLogger } from '@agentry/platform/rate-limit/testing';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { type RunningServer, startServer } from '../start';

// Two API instances on one DATA_DIR, each with its own connection to the store file, as two
// WEB_CONCURRENCY workers or two containers on a shared volume have: a client spreading its
// requests over both meets one limit, not one per instance.

const SYNC_MS = 50;

async function startTwo(dataDir: string, env: Record<string, string>): Promise<RunningServer[]> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    RATE_LIMIT_SYNC_MS: String(SYNC_MS),
    ...env,
  });
  const logger = createLogger('silent', 'test');
  const first = await startServer(config, { logger, clientDist: null, engine: null });
  const second = await startServer(config, { logger, clientDist: null, engine: null, leader: false });
  return [first, second];
}

/** A browser session (shared by both instances through the store) and its CSRF token. */
async function session(url: string, ip: string) {
  const response = await fetch(`${url}/api/csrf-token`, { headers: { 'X-Forwarded-For': ip } });
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrf_token } = (await response.json()) as { csrf_token: string };
  return { cookie, token: csrf_token };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each sign-in hashes a password: about 0.4 s of a core, several seconds on a busy machine.
jest.setTimeout(60_000);

describe('rate limits shared by several API processes', () => {
  let dataDir: string;
  let servers: RunningServer[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-shared-limits-'));
    servers = await startTwo(dataDir, {
      RATE_LIMIT_LOGINS_PER_15_MINUTES: '4',
      SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '3',
      RATE_LIMIT_WRITES_PER_MINUTE: '6',
    });
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (server: RunningServer, ip: string, email: string) => {
    const { cookie, token } = await session(server.url, ip);
    return fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: cookie,
        'X-CSRF-Token': token,
        'X-Forwarded-For': ip,
      },
      body: JSON.stringify({ email, password: 'not the password' }),
    });
  };

  it('When a client spreads its sign-in guesses over two instances, then the fifth gets 429, with the right headers', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      // The server read its clock between these two moments; no timing is assumed beyond that.
      const sent = Date.now();
      const response = await signIn(servers[i % 2]!, '10.9.0.1', `guess${i}@example.com`);
      answers.push({
        sent,
        at: Date.now(),
        status: response.status,
        rateLimit: response.headers.get('ratelimit'),
        retryAfter: response.headers.get('retry-after'),
      });
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 429, 429]);
    // The tightest limit shows: failed sign-ins per client (4), not every attempt (30).
    expect(answers.map((answer) => /remaining=(\d+)/.exec(answer.rateLimit ?? '')?.[1])).toEqual([
      '3',
      '2',
      '1',
      '0',
      '0',
      '0',
    ]);
    expect(answers[4]!.rateLimit).toMatch(/^limit=4, remaining=0, reset=\d+$/);
    // One 15-minute window for the client on both instances: whichever answers, the per-client
    // limit's reset is the same moment.
    const resets = answers.map((answer) => Number(/reset=(\d+)/.exec(answer.rateLimit ?? '')?.[1]));
    // An answer read at server time t, within [sent, at], saying `reset` (seconds, rounded up)
    // places the window's end in (t + (reset - 1) s, t + reset s], so in (sent + (reset - 1) s,
    // at + reset s]. One shared window means one moment inside every answer's interval, however
    // slowly the machine answered (a tolerance in milliseconds failed on a busy machine: 1,336 ms).
    const windows = answers.map((answer, i) => ({
      after: answer.sent + (resets[i]! - 1) * 1000,
      upTo: answer.at + resets[i]! * 1000,
    }));
    expect(Math.max(...windows.map((w) => w.after))).toBeLessThan(Math.min(...windows.map((w) => w.upTo)));
    // The window opened with the first counted guess and lasts 15 minutes: what is left when the
    // fifth is refused is 900 s less at most the time from sending the first to reading the fifth.
    const retryAfter = Number(answers[4]!.retryAfter);
    const elapsedSeconds = Math.ceil((answers[4]!.at - answers[0]!.sent) / 1000);
    expect(retryAfter).toBeGreaterThanOrEqual(900 - elapsedSeconds);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(retryAfter).toBe(resets[4]);
    expect(answers.slice(0, 4).every((answer) => answer.retryAfter === null)).toBe(true);
  });

  it('When one account is guessed from many addresses over both instances, then past the free attempts one guess at a time gets through', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await signIn(servers[i % 2]!, `10.9.1.${i}`, 'ada@example.com')).status);
    expect(statuses).toEqual([401, 401, 401]);
    // Four at once, two on each instance: one takes the account's next slot, the others wait.
    const racing = await Promise.all(
      [0, 1, 2, 3].map((i) => signIn(servers[i % 2]!, `10.9.1.${10 + i}`, 'ada@example.com')),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([401, 429, 429, 429]);
  });

  it('When a client spreads its writes over both instances, then the seventh gets 429 on either', async () => {
    const write = (server: RunningServer) =>
      fetch(`${server.url}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': '10.9.2.1' },
        body: 'not an event',
      });
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await write(servers[i % 2]!)).status);
      // Paced slower than the batches: the bound on overshoot is what a client sends within them.
      await pause(2 * SYNC_MS);
    }
    expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const refused = await write(servers[0]!);
    expect(refused.headers.get('ratelimit-policy')).toBe('6;w=60');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55);
  });

  it('When a client bursts writes over both instances, then it gets far less than twice the limit', async () => {
    const write = (server: RunningServer) =>
      fetch(`${server.url}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': '10.9.3.1' },
        body: 'not an event',
      }).then((response) => response.status);
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => write(servers[i % 2]!)));
    const admitted = statuses.filter((status) => status !== 429).length;
    // Each instance alone would admit 6: 12 in all with per-process counting.
    expect(admitted).toBeGreaterThanOrEqual(6);
    expect(admitted).toBeLessThan(12);
    await pause(3 * SYNC_MS);
    expect(await write(servers[0]!)).toBe(429);
    expect(await write(servers[1]!)).toBe(429);
  });
});

describe('request costs shared by several API processes', () => {
  let dataDir: string;
  let servers: RunningServer[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-shared-costs-'));
    servers = await startTwo(dataDir, { RATE_LIMIT_READS_PER_MINUTE: '20' });
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ip = '10.9.5.1';
  const post = (server: RunningServer, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'X-Forwarded-For': ip,
      },
      body: JSON.stringify(body),
    });

  it('When a client sends an MCP batch to one instance and a multi-search to the other, then each unit counts on both', async () => {
    const calls = Array.from({ length: 10 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'list_categories', arguments: {} },
    }));
    const batch = await post(servers[0]!, '/mcp', calls);
    expect(batch.status).toBe(200);
    expect(batch.headers.get('ratelimit')).toMatch(/remaining=10,/);
    await pause(3 * SYNC_MS);
    const searches = { requests: Array.from({ length: 10 }, () => ({ indexName: 'agents', params: {} })) };
    const multiSearch = await post(servers[1]!, '/api/instantsearch/multi-search', searches);
    expect(multiSearch.status).toBe(200);
    // The second instance meets the client first here: it answers from its own count (remaining
    // 10) and learns the first's ten with its next batch (the overshoot bound in
    // batched-shared-limiter.ts), unless its own sync has run since the first's push (remaining 0):
    // which one depends on when the timers fire, so either passes; both instances refuse below.
    expect(multiSearch.headers.get('ratelimit')).toMatch(/remaining=(10|0),/);
    await pause(3 * SYNC_MS);
    for (const server of servers) {
      const read = await fetch(`${server.url}/api/categories`, { headers: { 'X-Forwarded-For': ip } });
      expect(read.status).toBe(429);
    }
  });
});

describe('rate limits when the shared store fails', () => {
  it('When the rate-limit store fails, then each instance limits alone, logs it once, and never answers 500', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-shared-limits-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      RATE_LIMIT_LOGINS_PER_15_MINUTES: '2',
      RATE_LIMIT_SYNC_MS: String(SYNC_MS),
    });
    const store = openSqliteStore(path.join(dataDir, 'agentry.db'));
    const { logger, lines } = recordingLogger();
    const server = await startServer(config, {
      logger,
      clientDist: null,
      engine: null,
      store: { ...store, rateLimits: failingRateLimits() },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const { cookie, token } = await session(server.url, '10.9.4.1');
        const response = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Cookie: cookie,
            'X-CSRF-Token': token,
            'X-Forwarded-For': '10.9.4.1',
          },
          body: JSON.stringify({ email: 'ada@example.com', password: 'wrong' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
      const warnings = lines.filter(
        (line) => line.msg === 'rate-limit store failed: each API process counts alone until it answers',
      );
      // One per limiter group (the shared health of this app), not one per request.
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(2);
      expect(lines.some((line) => line.level >= 50)).toBe(false);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
