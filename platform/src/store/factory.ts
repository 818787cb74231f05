import path from 'node:path';
import type { Config } from '../config/env';
import type { RateLimitStore } from '../rate-limit/port';
import type { Store } from './port';
import { openSqliteStore } from './sqlite/sqlite-store';

// A MongoDB URI naming a database of the caller's own (tests, a fuzz run): plain text work, no mongoose.
export { withDatabase } from './mongo/with-database';

export const SQLITE_FILE_NAME = 'agentry.db';

/** The store the config asks for: MongoDB when MONGODB_URI is set, else SQLite in DATA_DIR. */
export async function openStore(
  config: Pick<Config, 'store' | 'dataDir' | 'MONGODB_URI'>,
  /** For the API's processes: the embedded store's checkpoints on a thread of their own (wal-checkpoints.ts). */
  options: { checkpointsOffThread?: boolean } = {},
): Promise<Store> {
  if (config.store === 'mongodb') {
    // Loaded only when used, so the embedded default never pays for mongoose at start.
    const { openMongoStore } = await import('./mongo/mongo-store');
    return openMongoStore(config.MONGODB_URI!);
  }
  return openSqliteStore(sqliteFileOf(config), { checkpointsOffThread: options.checkpointsOffThread });
}

/**
 * `npm run migrate` for the store: MongoDB's collections and indexes (mongo/indexes.ts), once per
 * deploy, before the processes of the new version start; they only check. SQLite migrates itself
 * when it opens (one file, one writer at a time: sqlite/migrations.ts), so there is nothing to do.
 */
export async function migrateStore(
  config: Pick<Config, 'store' | 'MONGODB_URI'>,
  options: { dropUnused?: boolean } = {},
): Promise<{ created: string[]; dropped: string[]; onceCounts?: { read: number; carried: number } }> {
  if (config.store !== 'mongodb') return { created: [], dropped: [] };
  const { migrateMongoStore } = await import('./mongo/migrate');
  return migrateMongoStore(config.MONGODB_URI!, options);
}

/** Where the embedded store keeps its file. */
export const sqliteFileOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, SQLITE_FILE_NAME);

/**
 * Where the rate limits are counted: the store in use (shared by every API process) unless
 * RATE_LIMIT_STORE=memory, when each process counts alone (null).
 */
export function rateLimitStoreOf(
  config: Pick<Config, 'RATE_LIMIT_STORE'>,
  store: Store,
): RateLimitStore | null {
  return config.RATE_LIMIT_STORE === 'store' ? store.rateLimits : null;
}
