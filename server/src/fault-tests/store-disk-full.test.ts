import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import type Database from 'better-sqlite3';
import request from 'supertest';
import { STORE_UNAVAILABLE_MESSAGE } from '../http/errors';
import { type RunningServer, startServer } from '../start';
import { lastMail, tokenIn } from '../testing/mailbox';
import { eventually } from '../testing/test-server';
import { accountForm, agentForm, PASSWORD, Visitor } from '../testing/visitor';
import { type FullDisk, prepareFullDisk } from './full-disk';

// The embedded store's disk fills up, or the store turns read-only, while the API serves: a real
// full tmpfs where one can be mounted, else SQLite's page ceiling (see full-disk.ts); a read-only
// store through PRAGMA query_only on the server's own connection (SQLITE_READONLY, as a read-only
// file gives). Writes must answer a clear 503 with Retry-After, reads go on, nothing is corrupted
// or lost, and the server recovers by itself when space returns.

/** Registrations tried while the disk fills, before one must have been refused. */
const MAX_WRITES_UNTIL_FULL = 300;
jest.setTimeout(60_000);

describe('When the store cannot save', () => {
  let dataDir: string;
  let db: Database.Database;
  let running: RunningServer;
  let http: ReturnType<typeof request>;
  let disk: FullDisk;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-disk-full-'));
    disk = prepareFullDisk(dataDir);
    const store = openSqliteStore(path.join(dataDir, 'agentry.db'), {
      onOpen: (connection) => {
        db = connection;
      },
    });
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      INDEXER_POLL_MS: '10',
    });
    running = await startServer(config, { store, logger: createLogger('silent', 'test'), clientDist: null });
    http = request(running.url);
  });
  afterEach(async () => {
    await running.close();
    disk.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A provider signed in, with one agent listed, all saved before the fault. */
  async function savedBeforeTheFault() {
    const provider = new Visitor(running.url);
    await provider.post('/api/agents', agentForm()).expect(201);
    await provider.post('/api/users', accountForm()).expect(201);
    // The verification link names the agent registered in this browser: opening it lists the agent.
    const verification = await lastMail(dataDir, 'maker@example.com', 'verify_email');
    await provider
      .post('/api/auth/verify-email', { token: tokenIn(verification, '/verify-email') })
      .expect(200);
    await provider.post('/api/auth/login', { email: 'maker@example.com', password: PASSWORD }).expect(200);
    // A stranger who already holds a session and its token (a first visit would have to save one).
    const stranger = new Visitor(running.url);
    await stranger.csrfToken();
    const agentId = (await http.get('/api/agents').expect(200)).body[0].id as string;
    return { provider, stranger, agentId };
  }

  /** People keep registering while the disk fills: the ones answered 201 are saved, until one is refused. */
  async function registerUntilRefused(visitor: Visitor) {
    const saved: string[] = [];
    for (let i = 0; i < MAX_WRITES_UNTIL_FULL; i++) {
      const email = `person${i}@example.com`;
      const answer = await visitor.post('/api/users', accountForm({ email })).response();
      if (answer.status !== 201) return { saved, refusedEmail: email, refused: answer };
      saved.push(email);
      await visitor.post('/api/auth/logout').expect(200);
    }
    throw new Error(`${MAX_WRITES_UNTIL_FULL} writes all succeeded on a full ${disk.kind} disk`);
  }

  const readiness = async () => (await http.get('/readyz')).body as { status: string; checks?: object };

  it('answers writes 503 with Retry-After, keeps reads, corrupts nothing, and recovers when space returns', async () => {
    const { provider, stranger, agentId } = await savedBeforeTheFault();
    disk.fill(db);

    const { saved, refusedEmail, refused } = await registerUntilRefused(stranger);
    expect(refused.status).toBe(503);
    process.stdout.write(
      `${disk.kind}: ${saved.length} registrations saved on the filling disk before a 503\n`,
    );
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.body).toEqual({ error: STORE_UNAVAILABLE_MESSAGE, success: false });
    // The body says what to do, never SQLite's words or a path.
    expect(refused.text).not.toMatch(/SQLITE|database|agentry\.db/i);

    // Reads go on: the catalog, one agent, and the signed-in provider's own account.
    expect((await http.get('/api/agents').expect(200)).body).toHaveLength(1);
    await http.get(`/api/agents/${agentId}`).expect(200);
    expect((await provider.get('/api/auth/me').expect(200)).body.user.email).toBe('maker@example.com');

    await eventually(async () => (await readiness()).status === 'not_ready');
    expect(await readiness()).toMatchObject({ checks: { store: 'down' } });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    // Space returns: no restart, the refused request now succeeds (it left nothing behind), and
    // everyone answered 201 before, on the filling disk, can sign in.
    disk.free(db);
    await stranger.post('/api/users', accountForm({ email: refusedEmail })).expect(201);
    await eventually(async () => (await readiness()).status === 'ready');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    for (const email of ['maker@example.com', ...saved]) {
      await new Visitor(running.url).post('/api/auth/login', { email, password: PASSWORD }).expect(200);
    }
  });

  it('answers writes 503 while the store is read-only, and takes them again when it is writable', async () => {
    const { provider, stranger } = await savedBeforeTheFault();
    db.pragma('query_only = ON');

    const refused = await stranger.post('/api/users', accountForm({ email: 'late@example.com' })).response();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: STORE_UNAVAILABLE_MESSAGE, success: false });
    const edit = await provider
      .put('/api/users/profile', { full_name: 'Ada King', organization: 'Northwind Labs' })
      .response();
    expect(edit.status).toBe(503);
    expect((await provider.get('/api/auth/me').expect(200)).body.user.full_name).toBe('Ada Lovelace');
    await eventually(async () => (await readiness()).status === 'not_ready');

    db.pragma('query_only = OFF');
    await stranger.post('/api/users', accountForm({ email: 'late@example.com' })).expect(201);
    await eventually(async () => (await readiness()).status === 'ready');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
