import { imageToBytes, residentLength } from '../index-image';
import { InvertedIndex } from '../inverted-index';
import type { SearchDb } from '../search-db';
import { type SnapshotHeader, writeSnapshot } from './snapshot-file';

// Builds the snapshot of search.db's live generation: reads it whole in one transaction, indexes
// it exactly as a serving engine would (same order, same averages), and writes the image. Runs
// where a few seconds of CPU hurt nobody: a worker thread of the API (build-in-worker.ts), the
// indexer's rebuild thread, `npm run import` and `npm run reindex`.

export type BuiltSnapshot = Omit<SnapshotHeader, 'analysis' | 'createdAt'>;

export async function buildSnapshot(db: SearchDb, snapshotFile: string): Promise<BuiltSnapshot> {
  const { generation, seq, checkpoint, bodies } = db.readGeneration();
  const index = new InvertedIndex();
  await index.loadStream(
    (function* () {
      for (let i = 0; i < bodies.length; i++) {
        const body = bodies[i]!;
        // Each body is dropped once indexed: the whole generation as text and as an index at once
        // would double the peak.
        bodies[i] = '';
        yield JSON.parse(body);
      }
    })(),
    Number.MAX_SAFE_INTEGER,
  );
  await index.orders.prepare();
  const header: BuiltSnapshot = { fileId: db.fileId(), generation, seq, checkpoint, documents: index.size };
  const image = imageToBytes(index.image());
  await writeSnapshot(snapshotFile, header, image, residentLength(image));
  return header;
}
