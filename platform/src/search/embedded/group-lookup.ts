import type { GroupScores } from './group-scores';
import { seek } from './phrase-matches';
import type { SoleScoring } from './scorer';
import type { Scratch } from './scratch';

// One group of a plan as bounded-rank.ts reads it: its documents in ascending order, each one's
// share of a score looked up rather than added for every document (scorer.ts adds them all), and
// the highest share any document gets, which bounds what the group can add.

export interface GroupLookup {
  /** Ascending document numbers (a sole reading's entries: the complement marks a name hit). */
  docs: Int32Array;
  length: number;
  /** The highest share of a score any document gets from the group (0 when none can match). */
  max: number;
  /** One reading (scorer.ts soleScoring): shares read from its postings. */
  sole: SoleScoring | null;
  /** Several readings (group-scores.ts): values[i] is docs[i]'s share, names sorted. */
  values: Float64Array;
  names: Int32Array;
}

const none = new Int32Array(0);
const noValues = new Float64Array(0);

/** Several readings' scores sorted by document, kept with the scores they come from. */
const sortedScores = new WeakMap<
  GroupScores,
  { docs: Int32Array; values: Float64Array; names: Int32Array; max: number }
>();

function sortedOf(scores: GroupScores) {
  const known = sortedScores.get(scores);
  if (known) return known;
  let docs = scores.docs;
  let values = scores.values;
  // One reading (a phrase) lists its documents in ascending order already: most groups here.
  let ascending = true;
  for (let j = 1; j < docs.length && ascending; j++) ascending = docs[j - 1]! < docs[j]!;
  if (!ascending) {
    const order = Array.from(docs.keys()).sort((a, b) => scores.docs[a]! - scores.docs[b]!);
    docs = Int32Array.from(order, (j) => scores.docs[j]!);
    values = Float64Array.from(order, (j) => scores.values[j]!);
  }
  let max = 0;
  for (let j = 0; j < values.length; j++) if (values[j]! > max) max = values[j]!;
  const sorted = { docs, values, names: Int32Array.from(scores.names).sort(), max };
  sortedScores.set(scores, sorted);
  return sorted;
}

/** A group's lookup: from its sole reading, or (when it has none) its several readings' scores. */
export function lookupOf(
  sole: SoleScoring | null,
  several: () => GroupScores,
  scratch: Scratch,
): GroupLookup {
  if (sole) {
    const { postings, factor, offset } = sole;
    const key = `${sole.stem}`;
    let maxima = scratch.postingMaxima.get(key, [postings]);
    if (!maxima) {
      let literal = 0;
      let derived = 0;
      const values = postings.values;
      for (let i = 0; i < postings.length; i++) {
        if (values[2 * i]! > literal) literal = values[2 * i]!;
        if (values[2 * i + 1]! > derived) derived = values[2 * i + 1]!;
      }
      maxima = [literal, derived];
      scratch.postingMaxima.set(key, [postings], maxima, 1);
    }
    const max = Math.max(0, Math.fround(factor * maxima[offset]));
    return { docs: postings.entries, length: postings.length, max, sole, values: noValues, names: none };
  }
  const { docs, values, names, max } = sortedOf(several());
  return { docs, length: docs.length, max, sole: null, values, names };
}

/**
 * Scores document `doc` as scorer.ts would: every group's share in the plan's order, added to a
 * float32 total as its accumulators add them, its match mask and name hit; written to the scratch
 * arrays (the caller lists it in scratch.touched). Candidates come in ascending order: `cursors`
 * (one per group, 0 at the first) only move forward. Returns the postings that matched.
 */
export function scoreCandidate(
  doc: number,
  lookups: GroupLookup[],
  cursors: Int32Array,
  scratch: Scratch,
): number {
  let total = 0;
  let mask = 0;
  let nameHit = 0;
  let read = 0;
  for (let g = 0; g < lookups.length; g++) {
    const lookup = lookups[g]!;
    const at = seek(lookup.docs, cursors[g]!, lookup.length, doc);
    cursors[g] = at;
    const sole = lookup.sole;
    if (at < lookup.length) {
      const raw = lookup.docs[at]!;
      if ((raw < 0 ? ~raw : raw) === doc) {
        read += 1;
        if (sole) {
          const value = sole.factor * sole.postings.values[2 * at + sole.offset]!;
          if (sole.literal && raw < 0) nameHit = 1;
          if (value > 0) {
            total = Math.fround(total + Math.fround(value));
            mask |= 1 << g;
          }
        } else {
          total = Math.fround(total + lookup.values[at]!);
          mask |= 1 << g;
        }
      }
    }
    if (!sole && lookup.names.length > 0) {
      const named = seek(lookup.names, 0, lookup.names.length, doc);
      if (named < lookup.names.length && lookup.names[named] === doc) nameHit = 1;
    }
  }
  scratch.total[doc] = total;
  scratch.matchMask[doc] = mask;
  scratch.nameHit[doc] = nameHit;
  return read;
}
