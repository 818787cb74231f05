import type { Meilisearch } from 'meilisearch';
import { run } from './tasks';

// Creating and deleting indexes, both idempotent: opening an engine on an existing index, or
// aborting a rebuild twice, is normal. Other failures are thrown.

/** Creates the index with primary key `id` unless it exists. */
export async function ensureIndex(client: Meilisearch, uid: string): Promise<void> {
  await run(client.tasks, `create index ${uid}`, () => client.createIndex(uid, { primaryKey: 'id' }), [
    'index_already_exists',
  ]);
}

/** Deletes the index if it exists. */
export async function dropIndex(client: Meilisearch, uid: string): Promise<void> {
  await run(client.tasks, `delete index ${uid}`, () => client.deleteIndex(uid), ['index_not_found']);
}
