import { connectMongo } from './connect';
import { type IndexMigration, migrateIndexes } from './indexes';
import { migrateOnceCounts, type OnceCountsMigration } from './migrate-once-counts';
import { registerModels } from './models';

/**
 * `npm run migrate` for MongoDB: the collections and the indexes of this version (indexes.ts), then
 * the data this version reads in a new shape (migrate-once-counts.ts; idempotent), on a connection
 * of its own that it closes.
 */
export async function migrateMongoStore(
  uri: string,
  options: { dropUnused?: boolean } = {},
): Promise<IndexMigration & { onceCounts: OnceCountsMigration }> {
  const conn = await connectMongo(uri);
  try {
    const models = registerModels(conn);
    const indexes = await migrateIndexes(conn, models, options);
    return { ...indexes, onceCounts: await migrateOnceCounts(conn, models) };
  } finally {
    await conn.close();
  }
}
