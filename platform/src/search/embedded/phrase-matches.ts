import type { PostingList } from './postings';

// Where a phrase's words meet: for a phrase of several stems (a concept or synonym such as "social
// media", "speech to text"), the positions in each word's postings of the documents holding them
// all. Finding them walks the rarest word's postings and seeks each document in the others: 15 % of
// a distinct search at 100,000 agents (issue 24's profile), though the phrases come from a lexicon
// and repeat from one query to the next. So the positions are kept, per phrase, while its postings
// are the same: postings only ever grow (documents get new numbers, removed ones stay until a
// rebuild or compaction, which writes them into new arrays), so postings read from the same array
// at the same place with the same length hold the same meetings. The arrays are held weakly (a
// rebuilt index must not keep the old one's arrays alive). Scores are not kept (they depend on the
// query's caps): the scorer reads them from the postings at these positions, exactly as it would
// have met them.

/** The documents holding every list's word: positions[k][j] in lists[k], j < count, ascending. */
export interface PhraseMeetings {
  readonly positions: readonly Int32Array[];
  readonly count: number;
}

interface Kept extends PhraseMeetings {
  /** Where each list's entries were read: their array (weakly), offset in it and length. */
  readonly arrays: ReadonlyArray<WeakRef<ArrayBufferLike>>;
  readonly offsets: readonly number[];
  readonly lengths: readonly number[];
}

/** Kept meetings, at most this many positions in all (4 bytes each), the oldest dropped first. */
export const PHRASE_MEMORY = { maxPositions: 1_000_000, maxPhrases: 512 };

export class PhraseMatches {
  private readonly kept = new Map<string, Kept>();
  private positionsKept = 0;

  /**
   * The meetings of `lists` (already in the order the scorer walks them: rarest first), worked out
   * or taken from memory when the same lists have not grown since.
   */
  of(key: string, lists: readonly PostingList[]): PhraseMeetings {
    const known = this.kept.get(key);
    if (known && sameLists(known, lists)) {
      // Most recently used last: the oldest are dropped first.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    if (known) this.forget(key, known);
    const meetings = meet(lists);
    const size = meetings.count * lists.length;
    if (size <= PHRASE_MEMORY.maxPositions) {
      const kept: Kept = {
        ...meetings,
        arrays: lists.map((list) => new WeakRef(list.entries.buffer)),
        offsets: lists.map((list) => list.entries.byteOffset),
        lengths: lists.map((list) => list.length),
      };
      this.kept.set(key, kept);
      this.positionsKept += size;
      for (const [oldKey, old] of this.kept) {
        if (this.positionsKept <= PHRASE_MEMORY.maxPositions && this.kept.size <= PHRASE_MEMORY.maxPhrases)
          break;
        this.forget(oldKey, old);
      }
      return kept;
    }
    return meetings;
  }

  private forget(key: string, meetings: Kept): void {
    this.kept.delete(key);
    this.positionsKept -= meetings.count * meetings.positions.length;
  }
}

function sameLists(known: Kept, lists: readonly PostingList[]): boolean {
  if (known.lengths.length !== lists.length) return false;
  for (let k = 0; k < lists.length; k++) {
    const entries = lists[k]!.entries;
    if (
      known.lengths[k] !== lists[k]!.length ||
      known.offsets[k] !== entries.byteOffset ||
      known.arrays[k]!.deref() !== entries.buffer
    )
      return false;
  }
  return true;
}

/** Walks the first list and seeks each of its documents in the others (galloping search). */
function meet(lists: readonly PostingList[]): PhraseMeetings {
  const lead = lists[0]!;
  const others = lists.slice(1);
  const cursors = new Int32Array(others.length);
  const positions = lists.map(() => new Int32Array(Math.max(1, lead.length)));
  const leadEntries = lead.entries;
  let count = 0;
  scan: for (let i = 0; i < lead.length; i++) {
    const raw = leadEntries[i]!;
    const doc = raw < 0 ? ~raw : raw;
    for (let k = 0; k < others.length; k++) {
      const other = others[k]!;
      const at = seek(other.entries, cursors[k]!, other.length, doc);
      cursors[k] = at;
      if (at === other.length) break scan;
      const found = other.entries[at]!;
      if ((found < 0 ? ~found : found) !== doc) continue scan;
    }
    positions[0]![count] = i;
    for (let k = 0; k < others.length; k++) positions[k + 1]![count] = cursors[k]!;
    count += 1;
  }
  return {
    // Trimmed copies: the memory kept is what matched, not the rarest word's whole length.
    positions: positions.map((list) => list.slice(0, count)),
    count,
  };
}

/** The first position at or after `from` whose document number is at least `doc`. */
export function seek(entries: Int32Array, from: number, length: number, doc: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < length) {
    const raw = entries[high]!;
    if ((raw < 0 ? ~raw : raw) >= doc) break;
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > length) high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const raw = entries[middle]!;
    if ((raw < 0 ? ~raw : raw) < doc) low = middle + 1;
    else high = middle;
  }
  return low;
}
