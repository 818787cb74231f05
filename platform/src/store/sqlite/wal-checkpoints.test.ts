import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore } from './sqlite-store';
import { type CheckpointReport, CheckpointsOffThread } from './wal-checkpoints';

// A worker thread starts in a second or two from the built bundle, more from the sources under load.
jest.setTimeout(30_000);

/** Resolves once `done()` holds, looking every 20 ms (a wait, not a timing). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the write-ahead log folded in off the serving thread', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-wal-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when the API opens the store, then its commits never checkpoint and a thread folds the log into the file', async () => {
    let db: Database.Database | undefined;
    const reports: CheckpointReport[] = [];
    const file = path.join(dir, 'agentry.db');
    const store = openSqliteStore(file, {
      onOpen: (opened) => {
        db = opened;
      },
      checkpointsOffThread: { everyMs: 20, onCheckpoint: (report) => reports.push(report) },
    });
    try {
      expect(db!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const rows = Array.from({ length: 5_000 }, (_, i) => ({
        agent_id: `agent-${i}`,
        week: '2026-11-16',
        kind: 'appeared' as const,
        count: 1,
      }));
      await store.agentStats.increment(rows);
      // Every frame of the log in the file, by the thread.
      await until(() => reports.some((report) => report.log > 0 && report.checkpointed === report.log));
      // Nothing lost: a connection that reads the file sees every count.
      const reader = new Database(file, { readonly: true });
      expect(reader.prepare('SELECT SUM(appeared) AS n FROM agent_stats').get()).toEqual({ n: 5_000 });
      reader.close();
    } finally {
      await store.close();
    }
  });

  it('when the thread cannot run, then the connection checkpoints itself again', async () => {
    const db = new Database(path.join(dir, 'agentry.db'));
    db.pragma('journal_mode = WAL');
    // The thread's connection fails to open: no such file.
    new CheckpointsOffThread(db, path.join(dir, 'missing', 'agentry.db'), { everyMs: 20 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await until(() => db.pragma('wal_autocheckpoint', { simple: true }) === 1_000);
    db.close();
  });

  it('leaves a store opened without it as SQLite checkpoints by default', () => {
    let db: Database.Database | undefined;
    const store = openSqliteStore(path.join(dir, 'agentry.db'), {
      onOpen: (opened) => {
        db = opened;
      },
    });
    expect(db!.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    return store.close();
  });
});
