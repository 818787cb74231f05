import { connectMongo } from './connect';
import { type IndexMigration, migrateIndexes } from './indexes';
import { registerModels } from './models';

/**
 * `npm run migrate` for MongoDB: the collections and the indexes of this version (indexes.ts), on a
 * connection of its own that it closes.
 */
export async function migrateMongoStore(
  uri: string,
  options: { dropUnused?: boolean } = {},
): Promise<IndexMigration> {
  const conn = await connectMongo(uri);
  try {
    return await migrateIndexes(conn, registerModels(conn), options);
  } finally {
    await conn.close();
  }
}
