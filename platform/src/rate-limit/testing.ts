import Database from 'better-sqlite3';
import pino from 'pino';
import type { Logger } from '../log/logger';
import { migrate } from '../store/sqlite/migrations';
import type { RateLimitStore } from './port';
import { createSqliteRateLimits } from './sqlite-rate-limits';

// For the limiters' tests: the real SQLite rate-limit store (one store object stands for the file
// several processes share), a store that fails as a broken one does, and a logger whose lines the
// test reads.

export function sqliteRateLimits(now: () => number): {
  store: RateLimitStore;
  /** How many hit/hitMany calls the limiters made (a test's own store.hit counts too). */
  calls(): number;
  close(): void;
} {
  const db = new Database(':memory:');
  migrate(db);
  const inner = createSqliteRateLimits(db, now);
  let calls = 0;
  const store: RateLimitStore = {
    hit: (...args) => {
      calls += 1;
      return inner.hit(...args);
    },
    hitMany: (hits) => {
      calls += 1;
      return inner.hitMany(hits);
    },
    refund: (...args) => inner.refund(...args),
  };
  return { store, calls: () => calls, close: () => db.close() };
}

export const failingRateLimits = (error = new Error('SQLITE_IOERR: disk I/O error')): RateLimitStore => ({
  hit: () => Promise.reject(error),
  hitMany: () => Promise.reject(error),
  refund: () => Promise.reject(error),
});

/** Never answers: a MongoDB whose primary cannot be selected. */
export const silentRateLimits = (): RateLimitStore => ({
  hit: () => new Promise(() => undefined),
  hitMany: () => new Promise(() => undefined),
  refund: () => new Promise(() => undefined),
});

export function recordingLogger(): { logger: Logger; lines: Array<{ msg: string; level: number }> } {
  const lines: Array<{ msg: string; level: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}
