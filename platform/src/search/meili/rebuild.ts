import type { Meilisearch, Settings } from 'meilisearch';
import type { Logger } from '../../log/logger';
import type { IndexBuild, SearchDocument } from '../port';
import { metaIndexUid, readMeta, writeCheckpoint, writeSettingsMark } from './checkpoint';
import { invalidDocument, type StoredDocument, toStoredDocument } from './documents';
import { dropIndex, ensureIndex } from './indexes';
import { settingsFingerprint } from './settings';
import { describeError, enqueue, MeiliError, run, settle } from './tasks';

// A rebuild fills a new index beside the live one, then swaps it in. The swap exchanges two pairs in
// one swapIndexes call, which Meilisearch applies atomically: live ⇄ new data, and live meta ⇄ a new
// meta index already holding the rebuild's checkpoint and settings mark. Searches see the old index
// (and its checkpoint) or the new one (and its checkpoint), never a mix: were the checkpoint written
// after the swap, a crash in between would leave the new data under the old position, and the
// indexer would skip or replay the wrong changes. After the swap the temporary names hold the old
// data and are deleted.
//
// The swap's own task cannot be waited for with the indexer's key: a swap is a "global task", and
// "your API key must have access to all indexes to view global tasks"
// (https://www.meilisearch.com/docs/capabilities/indexing/tasks_and_batches/async_operations#global-tasks),
// while that key holds only MEILI_INDEX* (config/role.ts). So the deletion of the rebuild's name is
// enqueued right behind it and waited for instead ("processed in the order they were enqueued", same
// page), and whether the swap took place is read from the live meta index, which names the build
// whose data it describes.

/** Documents per addDocuments call: well under Meilisearch's payload limit, few enough tasks. */
export const REBUILD_BATCH_SIZE = 1000;

export interface RebuildTarget {
  client: Meilisearch;
  liveUid: string;
  settings: Settings;
  logger?: Logger;
  /** Called once the new index is live (the engine drops what it cached about the old one). */
  onSwapped: () => void;
}

export async function beginMeiliRebuild(target: RebuildTarget): Promise<IndexBuild> {
  const { client, liveUid, logger } = target;
  const uid = `${liveUid}_rebuild_${Date.now()}`;
  const metaUid = metaIndexUid(uid);
  await ensureIndex(client, uid);
  try {
    await run(client.tasks, `apply settings to ${uid}`, () =>
      client.index(uid).updateSettings(target.settings),
    );
  } catch (error) {
    await dropIndex(client, uid).catch((dropError) =>
      logger?.warn({ err: dropError, index: uid }, 'could not delete the unfinished rebuild index'),
    );
    throw error;
  }
  let finished: 'swapped' | 'aborted' | undefined;
  const stillOpen = () => {
    if (finished) throw new Error(`This rebuild was already ${finished}`);
  };

  return {
    async add(documents: SearchDocument[]) {
      stillOpen();
      const stored: StoredDocument[] = [];
      let skipped = 0;
      for (const document of documents) {
        if (invalidDocument(document)) skipped += 1;
        else stored.push(toStoredDocument(document));
      }
      if (skipped > 0)
        logger?.warn({ skipped, index: uid }, 'rebuild skipped documents Meilisearch would refuse');
      // Enqueued in order (so a later copy of an id wins), then each awaited and checked.
      const index = client.index<StoredDocument>(uid);
      const batches = [];
      for (let i = 0; i < stored.length; i += REBUILD_BATCH_SIZE) {
        const batch = stored.slice(i, i + REBUILD_BATCH_SIZE);
        const what = `add ${batch.length} documents to ${uid}`;
        batches.push({
          what,
          task: await enqueue(what, () => index.addDocuments(batch, { primaryKey: 'id' })),
        });
      }
      for (const { what, task } of batches) await settle(client.tasks, task, what);
    },

    async swap(checkpoint: number) {
      stillOpen();
      await ensureIndex(client, metaUid);
      await writeCheckpoint(client, metaUid, checkpoint, uid);
      await writeSettingsMark(client, metaUid, settingsFingerprint(target.settings));
      const liveMeta = metaIndexUid(liveUid);
      await enqueue(`swap ${uid} into ${liveUid}`, () =>
        client.swapIndexes([
          // rename: false exchanges two existing indexes (the client's type requires the field).
          { indexes: [liveUid, uid], rename: false },
          { indexes: [liveMeta, metaUid], rename: false },
        ]),
      );
      // Behind the swap in the queue: once this is done, the swap is too, whichever way it went.
      // `uid` then holds the old data (swapped) or the new data (not swapped): either way it goes.
      const dropped = await dropIndex(client, uid).then(
        () => null,
        (error: unknown) => error,
      );
      const live = await readMeta(client, liveMeta);
      finished = live.build === uid ? 'swapped' : 'aborted';
      if (finished === 'aborted') {
        await dropIndex(client, metaUid).catch(() => undefined);
        throw new MeiliError(
          `Meilisearch did not swap ${uid} into ${liveUid}: the live index still describes ${live.build ?? 'an earlier build'}${dropped ? ` (${describeError(dropped)})` : ''}`,
          'swap_failed',
        );
      }
      target.onSwapped();
      logger?.info({ index: liveUid, checkpoint }, 'rebuilt search index swapped in');
      // The swap succeeded, so a failure here only leaves the old data behind under a temporary
      // name: reported loudly, not thrown, since the caller's rebuild did take effect.
      const leftovers: Array<[string, unknown]> = [];
      if (dropped) leftovers.push([uid, dropped]);
      await dropIndex(client, metaUid).catch((error: unknown) => leftovers.push([metaUid, error]));
      for (const [old, error] of leftovers)
        logger?.error(
          { index: old, reason: describeError(error) },
          'could not delete the index the rebuild replaced; delete it by hand',
        );
    },

    async abort() {
      if (finished) return;
      await dropIndex(client, uid);
      await dropIndex(client, metaUid);
      finished = 'aborted';
    },
  };
}
