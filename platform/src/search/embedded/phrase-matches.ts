import type { PostingList } from './postings';
import { PostingsMemory } from './postings-memory';

// Where a phrase's words meet: for a phrase of several stems (a concept or synonym such as "social
// media", "speech to text"), the positions in each word's postings of the documents holding them
// all. Finding them walks the rarest word's postings and seeks each document in the others: 15 % of
// a distinct search at 100,000 agents (issue 24's profile), though the phrases come from a lexicon
// and repeat from one query to the next. So the positions are kept, per phrase, while its postings
// are the same (postings-memory.ts). Scores are not kept (they depend on the query's caps): the
// scorer reads them from the postings at these positions, exactly as it would have met them.

/** The documents holding every list's word: positions[k][j] in lists[k], j < count, ascending. */
export interface PhraseMeetings {
  readonly positions: readonly Int32Array[];
  readonly count: number;
}

/** Kept meetings, at most this many positions in all (4 bytes each), the oldest dropped first. */
export const PHRASE_MEMORY = { maxPositions: 1_000_000, maxPhrases: 512 };

export class PhraseMatches {
  private readonly kept = new PostingsMemory<PhraseMeetings>({
    get maxSize() {
      return PHRASE_MEMORY.maxPositions;
    },
    get maxKeys() {
      return PHRASE_MEMORY.maxPhrases;
    },
  });

  /**
   * The meetings of `lists` (already in the order the scorer walks them: rarest first), worked out
   * or taken from memory when the same lists have not grown since.
   */
  of(key: string, lists: readonly PostingList[]): PhraseMeetings {
    const known = this.kept.get(key, lists);
    if (known) return known;
    const meetings = meet(lists);
    this.kept.set(key, lists, meetings, meetings.count * lists.length);
    return meetings;
  }
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
