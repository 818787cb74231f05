import type { PostingList } from './postings';

// What a search works out from some postings and nothing else, kept between searches while those
// postings are the same. Postings only ever grow (documents get new numbers; removed ones stay
// until a rebuild or a compaction, which writes every list into new arrays), so postings read from
// the same array, at the same place, with the same length, hold the same entries. The arrays are
// held weakly: a rebuilt index must not keep the old one's arrays alive through this memory.
// Bounded by a size its users count (typed-array entries) and a number of keys; the least recently
// used go first.

interface Entry<T> {
  value: T;
  size: number;
  /** Per list: its array (weakly), or null when the word had no postings. */
  arrays: Array<WeakRef<ArrayBufferLike> | null>;
  offsets: number[];
  lengths: number[];
  /** Anything else the value depends on (the catalog's size, for rarities). */
  extra: number;
}

export class PostingsMemory<T> {
  private readonly kept = new Map<string, Entry<T>>();
  private sizeKept = 0;

  constructor(private readonly limits: { maxSize: number; maxKeys: number }) {}

  /** The value kept under `key` for these very postings (and `extra`), or undefined. */
  get(key: string, lists: ReadonlyArray<PostingList | undefined>, extra = 0): T | undefined {
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    if (entry.extra !== extra || !samePostings(entry, lists)) {
      this.forget(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.kept.delete(key);
    this.kept.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` (of `size` entries) for these postings; too large a value is not kept. */
  set(key: string, lists: ReadonlyArray<PostingList | undefined>, value: T, size: number, extra = 0): void {
    const known = this.kept.get(key);
    if (known) this.forget(key, known);
    if (size > this.limits.maxSize) return;
    this.kept.set(key, {
      value,
      size,
      arrays: lists.map((list) => (list ? new WeakRef(list.entries.buffer) : null)),
      offsets: lists.map((list) => list?.entries.byteOffset ?? 0),
      lengths: lists.map((list) => list?.length ?? 0),
      extra,
    });
    this.sizeKept += size;
    for (const [oldKey, old] of this.kept) {
      if (this.sizeKept <= this.limits.maxSize && this.kept.size <= this.limits.maxKeys) break;
      this.forget(oldKey, old);
    }
  }

  private forget(key: string, entry: Entry<T>): void {
    this.kept.delete(key);
    this.sizeKept -= entry.size;
  }
}

function samePostings<T>(entry: Entry<T>, lists: ReadonlyArray<PostingList | undefined>): boolean {
  if (entry.lengths.length !== lists.length) return false;
  for (let k = 0; k < lists.length; k++) {
    const list = lists[k];
    const array = entry.arrays[k]!;
    if (!list) {
      if (array !== null) return false;
      continue;
    }
    if (
      array === null ||
      entry.lengths[k] !== list.length ||
      entry.offsets[k] !== list.entries.byteOffset ||
      array.deref() !== list.entries.buffer
    )
      return false;
  }
  return true;
}
