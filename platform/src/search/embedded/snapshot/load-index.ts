import type { SearchDocument } from '../../port';
import { imageFromBytes } from '../index-image';
import { InvertedIndex } from '../inverted-index';
import type { SearchDb } from '../search-db';
import { type TimeSlices, UNSLICED } from '../time-slices';
import { warmPlanner } from '../warm-planner';
import { warmSearch } from '../warm-search';
import { readSnapshot, readSnapshotHeader, type SnapshotHeader, SnapshotRefused } from './snapshot-file';

// The two ways a serving engine gets its in-memory index: from the snapshot (fast: typed arrays
// read as they are) when the snapshot is of the live generation of this very search.db and the
// ops written since are still in the file, or by analysing every document of the file again.

export interface LoadedIndex {
  index: InvertedIndex;
  generation: number;
  /** The last op the index reflects: the engine replays the ones after it. */
  seq: number;
  /** The change-log position the index reflects. */
  checkpoint: number;
  /**
   * Laid out by older code: parts it lacked were worked out on load (catalogIntent's counts), as
   * every start would do again until the snapshot is rewritten (index-snapshots.ts rewrites it).
   */
  outdated?: boolean;
  /** When the snapshot loaded was written (its header's createdAt). */
  writtenAt?: string;
}

/** Throws SnapshotRefused when the snapshot cannot stand for the file's live generation. */
function checkUsable(db: SearchDb, header: SnapshotHeader): void {
  if (header.fileId !== db.fileId()) throw new SnapshotRefused('snapshot of another search.db');
  const generation = db.activeGeneration();
  if (header.generation !== generation)
    throw new SnapshotRefused(`snapshot of generation ${header.generation}, the live one is ${generation}`);
  if (header.seq > db.headSeq()) throw new SnapshotRefused('snapshot ahead of search.db');
  const oldest = db.oldestOp(generation);
  if (oldest !== null && oldest > header.seq + 1)
    throw new SnapshotRefused('the changes made since the snapshot are no longer all in search.db');
}

/**
 * The snapshot's index; null when there is no snapshot; SnapshotRefused when it is old or damaged.
 * `warmSearches`: run the first searches' warm-up (warm-search.ts) before it serves: for an index
 * that replaces one already serving (a rebuild, a lost mirror's), while the store answers; not for
 * a process's first load, whose searches wait for it (a restart: search-service.ts).
 */
export async function indexFromSnapshot(
  db: SearchDb,
  snapshotFile: string,
  slices: TimeSlices,
  { warmSearches = false }: { warmSearches?: boolean } = {},
): Promise<LoadedIndex | null> {
  // The header first: a snapshot of an older generation is refused without reading 100 MB.
  const header = await readSnapshotHeader(snapshotFile);
  if (!header) return null;
  checkUsable(db, header);
  const snapshot = await readSnapshot(snapshotFile, slices);
  if (!snapshot) return null;
  // The index reads its documents' bodies from the file: it closes it, or this does on failure.
  let index: InvertedIndex;
  let outdated: boolean;
  try {
    checkUsable(db, snapshot.header);
    const image = await imageFromBytes(snapshot.image, slices, snapshot.rest);
    outdated = image.intent === null;
    index = await InvertedIndex.fromImage(image, slices);
  } catch (error) {
    await snapshot.rest.handle.close();
    if (error instanceof SnapshotRefused) throw error;
    // Whole by its checksum yet unreadable: written by code that laid it out otherwise.
    throw new SnapshotRefused(`snapshot unreadable (${(error as Error).message})`);
  }
  // What its first search would otherwise work out while a person waits (warm-planner.ts).
  await warmPlanner(index, slices);
  // And the first searches' cold code, in slices, while the store still answers (warm-search.ts).
  if (warmSearches) await warmSearch(index, slices);
  const { generation, seq, checkpoint, createdAt } = snapshot.header;
  return { index, generation, seq, checkpoint, outdated, writtenAt: createdAt };
}

/**
 * The live generation analysed again, document by document, yielding every 500. `warm`: the
 * planner's one-off work done before it serves, unsliced — for a large index whose snapshot could
 * not be had; a small one (the demo catalog, tests) leaves it to its first search, as it costs a
 * start a 4 MB lexicon decode whether or not anyone searches.
 */
export async function indexFromFile(db: SearchDb, { warm }: { warm: boolean }): Promise<LoadedIndex> {
  const { generation, seq, checkpoint } = db.position();
  const index = new InvertedIndex();
  // Writes that land while this runs are in the ops log after `seq`: replayed afterwards.
  await index.loadStream(parsed(db.bodies(generation)));
  // Sorted before it serves, in slices: the first browses would otherwise sort by themselves.
  await index.orders.prepare();
  if (warm) await warmPlanner(index, UNSLICED);
  return { index, generation, seq, checkpoint };
}

function* parsed(bodies: Iterable<string>): Generator<SearchDocument> {
  for (const body of bodies) yield JSON.parse(body) as SearchDocument;
}
