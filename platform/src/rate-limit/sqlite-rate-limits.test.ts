import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../config/env';
import { rateLimitStoreOf } from '../store/factory';
import { migrate } from '../store/sqlite/migrations';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { describeRateLimitStoreContract } from './contract';
import { createSqliteRateLimits, SWEEP_BATCH, SWEEP_EVERY_MS } from './sqlite-rate-limits';

// Two connections to one file, as two API workers sharing DATA_DIR hold.
function openFile(dir: string, now: () => number) {
  const db = new Database(path.join(dir, 'agentry.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 20');
  migrate(db);
  return { db, store: createSqliteRateLimits(db, now) };
}

describeRateLimitStoreContract('SQLite (two connections to one file)', async (now) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-rate-'));
  const first = openFile(dir, now);
  const second = openFile(dir, now);
  return {
    store: first.store,
    other: second.store,
    async close() {
      first.db.close();
      second.db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite rate-limit windows', () => {
  it('deletes ended windows in bounded batches, keeping the running ones', async () => {
    let clock = 1_000_000;
    const db = new Database(':memory:');
    migrate(db);
    const store = createSqliteRateLimits(db, () => clock);
    const ended = Array.from({ length: SWEEP_BATCH + 20 }, (_, index) => ({
      key: `old-${index}`,
      windowMs: 1_000,
      by: 1,
    }));
    await store.hitMany(ended);
    await store.hit('running', 3_600_000);
    const rows = () => (db.prepare('SELECT COUNT(*) AS n FROM rate_limit_windows').get() as { n: number }).n;
    expect(rows()).toBe(SWEEP_BATCH + 21);

    clock += SWEEP_EVERY_MS;
    await store.hit('new', 60_000);
    // One full batch went; the rest goes with the next call, which does not wait for the interval.
    expect(rows()).toBe(SWEEP_BATCH + 21 + 1 - SWEEP_BATCH);
    await store.hit('new', 60_000);
    expect(rows()).toBe(2);
    expect((await store.hit('running', 3_600_000)).total).toBe(2);
    db.close();
  });

  it('is what the config chooses: the store’s own, or none with RATE_LIMIT_STORE=memory', async () => {
    const store = openSqliteStore(':memory:');
    expect(rateLimitStoreOf(loadConfig({}), store)).toBe(store.rateLimits);
    expect(rateLimitStoreOf(loadConfig({ RATE_LIMIT_STORE: 'memory' }), store)).toBeNull();
    await store.close();
  });

  it('is the store’s own: an opened SQLite store counts in its file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-rate-'));
    const file = path.join(dir, 'agentry.db');
    const first = openSqliteStore(file);
    const second = openSqliteStore(file);
    await first.rateLimits.hit('k', 60_000, 2);
    expect((await second.rateLimits.hit('k', 60_000)).total).toBe(3);
    await first.close();
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
