import type Database from 'better-sqlite3';
import { whileBusy } from '../store/sqlite/retry-when-busy';
import { assertValidHit, type RateLimitHit, type RateLimitStore, type WindowCount } from './port';

// Rate-limit windows in the SQLite file of DATA_DIR, which every API worker opens: one UPSERT ...
// RETURNING per key adds the hits and reads the total in one atomic statement, so two processes
// never lose each other's counts. Ended windows are deleted in bounded batches (a DELETE of a
// million rows would hold the write lock, and this thread, for too long).

/** How long a call waits for another connection's write lock before the limiter counts locally. */
export const RATE_LIMIT_BUSY_RETRY_MS = 1_000;
/** Ended windows deleted per sweep, and how often a sweep runs at most. */
export const SWEEP_BATCH = 500;
export const SWEEP_EVERY_MS = 60_000;

interface Row {
  count: number;
  reset_at: number;
}

export function createSqliteRateLimits(db: Database.Database, now: () => number = Date.now): RateLimitStore {
  // Inside DO UPDATE the bare column names are the row as it was, so an ended window restarts
  // with this batch's hits instead of adding to them.
  const upsert = db.prepare<{ key: string; by: number; resetAt: number; now: number }, Row>(`
    INSERT INTO rate_limit_windows (key, count, reset_at) VALUES (@key, @by, @resetAt)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN reset_at <= @now THEN excluded.count ELSE count + excluded.count END,
      reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END
    RETURNING count, reset_at`);
  const refund = db.prepare(
    'UPDATE rate_limit_windows SET count = MAX(0, count - ?) WHERE key = ? AND reset_at > ?',
  );
  const sweep = db.prepare(`
    DELETE FROM rate_limit_windows WHERE key IN (
      SELECT key FROM rate_limit_windows WHERE reset_at <= ? LIMIT ${SWEEP_BATCH})`);
  let nextSweep = 0;

  const hitAll = db.transaction((hits: RateLimitHit[], at: number): WindowCount[] => {
    const counts = hits.map(({ key, windowMs, by }) => {
      const row = upsert.get({ key, by, resetAt: at + windowMs, now: at })!;
      return { total: row.count, resetAt: row.reset_at };
    });
    if (at >= nextSweep) {
      // A full batch means more are waiting: sweep again on the next call.
      const { changes } = sweep.run(at);
      nextSweep = changes >= SWEEP_BATCH ? at : at + SWEEP_EVERY_MS;
    }
    return counts;
  });

  const hitMany = async (hits: RateLimitHit[]): Promise<WindowCount[]> => {
    for (const hit of hits) assertValidHit(hit);
    if (hits.length === 0) return [];
    return whileBusy(async () => hitAll(hits, now()), RATE_LIMIT_BUSY_RETRY_MS);
  };

  return {
    hitMany,
    async hit(key, windowMs, by = 1) {
      const [count] = await hitMany([{ key, windowMs, by }]);
      return count!;
    },
    async refund(key, by = 1) {
      assertValidHit({ key, windowMs: 1, by });
      await whileBusy(async () => refund.run(by, key, now()), RATE_LIMIT_BUSY_RETRY_MS);
    },
  };
}
