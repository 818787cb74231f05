import type { Connection, Model } from 'mongoose';
import { ensureRateLimitIndexes } from '../../rate-limit/mongo-rate-limits';
import type { MongoModels } from './models';

// The collections and indexes this version needs: created by `npm run migrate`, once per deploy,
// before the new processes start; checked (never built) by each process at start.
//
// Not syncIndexes() at every start, as before: it drops every index the schema does not declare, so
// during a rolling deploy old and new processes would drop each other's indexes, and a build started
// at each start competes with the traffic. Mongoose: "be careful about running syncIndexes() on
// production applications under heavy load, because index builds are expensive operations, and
// unexpected index drops can lead to degraded performance" (mongoose 9.12.1 lib/model.js,
// Model.syncIndexes); MongoDB: "applications should not call db.collection.createIndex() on a regular
// basis" (https://www.mongodb.com/docs/v7.0/faq/indexes/).
//
// So migrate only adds (expand): old processes keep the indexes they use. `--drop-unused`
// (syncIndexes) removes what the schema no longer declares, once no process of the previous version
// runs (contract).

export interface IndexMigration {
  created: string[];
  dropped: string[];
}

const describe = (model: Model<unknown>, keys: unknown) =>
  `${model.collection.collectionName} ${JSON.stringify(keys)}`;

/**
 * Creates the collections (transactions write to existing ones) and every declared index that is
 * missing; with dropUnused, also drops the indexes no schema declares (mongoose's syncIndexes).
 */
export async function migrateIndexes(
  conn: Connection,
  models: MongoModels,
  options: { dropUnused?: boolean } = {},
): Promise<IndexMigration> {
  const report: IndexMigration = { created: [], dropped: [] };
  for (const model of Object.values(models) as Array<Model<unknown>>) {
    await model.createCollection();
    const { toCreate, toDrop } = await model.diffIndexes();
    try {
      if (options.dropUnused) await model.syncIndexes();
      else if (toCreate.length > 0) await model.createIndexes();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // IndexOptionsConflict / IndexKeySpecsConflict: an index of the same name with other options.
      if (code === 85 || code === 86)
        throw new Error(
          `An index of ${model.collection.collectionName} changed its options; once no process of the previous version runs, run \`npm run migrate -- --drop-unused\` (${(error as Error).message})`,
          { cause: error },
        );
      throw error;
    }
    report.created.push(...toCreate.map((keys) => describe(model, keys)));
    if (options.dropUnused)
      report.dropped.push(...toDrop.map((name) => `${model.collection.collectionName} ${name}`));
  }
  await ensureRateLimitIndexes(conn);
  return report;
}

/** The declared indexes the database lacks (each "collection {keys}"), none when migrate has run. */
export async function missingIndexes(models: MongoModels): Promise<string[]> {
  const missing = await Promise.all(
    (Object.values(models) as Array<Model<unknown>>).map(async (model) => {
      const { toCreate } = await model.diffIndexes();
      return toCreate.map((keys) => describe(model, keys));
    }),
  );
  return missing.flat();
}

/** The start check: throws naming what is missing and the command that creates it. */
export async function requireIndexes(models: MongoModels): Promise<void> {
  const missing = await missingIndexes(models);
  if (missing.length === 0) return;
  const shown = missing.slice(0, 5).join('; ');
  throw new Error(
    `MongoDB lacks ${missing.length} index${missing.length === 1 ? '' : 'es'} this version needs (${shown}${missing.length > 5 ? '; …' : ''}): run \`npm run migrate\` (compose runs it before the API and the indexer)`,
  );
}
