import type { QueryPlan } from '../query/plan';
import type { InvertedIndex } from './inverted-index';
import type { PostingList } from './postings';
import { inverseDocumentFrequency, SOFT_OR } from './scorer';
import type { Scratch } from './scratch';

// A group of several readings scored per document (the soft OR of scorer.ts), kept between
// searches while its postings stay the same; phrases walk their rarest word (phrase-matches.ts).

/**
 * One group's soft OR per document (best reading + SOFT_OR.share × the others), for every document
 * its readings match, removed ones included (the caller skips them: whether a document is removed
 * changes nothing for another): `docs` in the order they were first met, `values[j]` the amount
 * added to docs[j]'s total, exactly as the per-group accumulators (Float32Array) made it; `names`
 * the documents whose name holds a literal word of the group. Depends only on the group's readings,
 * their postings and the catalog's size (the rarities), so it is kept while those are the same.
 */
export interface GroupScores {
  docs: Int32Array;
  values: Float64Array;
  names: Int32Array;
}

/** Kept group scores: at most this many documents in all (12 bytes each), and this many groups. */
export const GROUP_MEMORY = { maxDocuments: 1_000_000, maxGroups: 1024 };

type Group = QueryPlan['groups'][number];

export function groupScores(
  index: InvertedIndex,
  group: Group,
  associations: boolean,
  idfCap: number,
  documents: number,
  scratch: Scratch,
): GroupScores {
  const lists: Array<PostingList | undefined> = [];
  let key = associations ? 'associations\u0000' : '';
  if (group.specificity !== undefined) key += `specificity ${group.specificity}\u0000`;
  for (const alternative of group.alternatives) {
    if (alternative.source === 'association' && !associations) continue;
    key += `${alternative.source} ${alternative.weight} ${alternative.stems.join(' ')}\u0000`;
    for (const s of alternative.stems) lists.push(index.postingsOf(s));
  }
  const known = scratch.groups.get(key, lists, documents);
  if (known) return known;
  const scores = scoreGroup(index, group, associations, idfCap, documents, scratch);
  scratch.groups.set(key, lists, scores, scores.docs.length + scores.names.length, documents);
  return scores;
}

function scoreGroup(
  index: InvertedIndex,
  group: Group,
  associations: boolean,
  idfCap: number,
  documents: number,
  scratch: Scratch,
): GroupScores {
  const best = scratch.groupBest;
  const sum = scratch.groupSum;
  const groupTouched = scratch.groupTouched;
  const names: number[] = [];
  let groupCount = 0;
  for (const alternative of group.alternatives) {
    // Associations are readings only where nothing typed for the group is in the catalog
    // (associationsRead); otherwise addAssociations re-scores with them.
    if (alternative.source === 'association' && !associations) continue;
    const literal = alternative.source === 'literal';
    // A synonym, correction or completion is never worth more than the words the person typed,
    // however rare it is in the catalog.
    const cap = literal ? Number.POSITIVE_INFINITY : idfCap;
    if (alternative.stems.length > 1) {
      const { weight, stems } = alternative;
      groupCount = scorePhrase(index, stems, weight, literal, cap, documents, scratch, groupCount, names);
      continue;
    }
    const postings = index.postingsOf(alternative.stems[0]!);
    if (!postings) continue;
    const factor = alternative.weight * Math.min(cap, inverseDocumentFrequency(documents, postings.length));
    const entries = postings.entries;
    const values = postings.values;
    const offset = literal ? 0 : 1;
    const length = postings.length;
    for (let i = 0; i < length; i++) {
      const raw = entries[i]!;
      const doc = raw < 0 ? ~raw : raw;
      const value = factor * values[2 * i + offset]!;
      if (literal && raw < 0) names.push(doc);
      if (value <= 0) continue;
      if (best[doc] === 0) groupTouched[groupCount++] = doc;
      sum[doc]! += value;
      if (value > best[doc]!) best[doc] = value;
    }
  }
  const share = SOFT_OR.share;
  const specificity = group.specificity ?? 1;
  const docs = groupTouched.slice(0, groupCount);
  const values = new Float64Array(groupCount);
  for (let j = 0; j < groupCount; j++) {
    const doc = docs[j]!;
    values[j] = best[doc]! + share * (sum[doc]! - best[doc]!);
    if (specificity !== 1) values[j]! *= specificity;
    best[doc] = 0;
    sum[doc] = 0;
  }
  return { docs, values, names: Int32Array.from(names) };
}

function scorePhrase(
  index: InvertedIndex,
  stems: string[],
  weight: number,
  literal: boolean,
  idfCap: number,
  documents: number,
  scratch: Scratch,
  groupCount: number,
  names: number[],
): number {
  const lists: PostingList[] = [];
  for (const s of stems) {
    const postings = index.postingsOf(s);
    if (!postings) return groupCount;
    lists.push(postings);
  }
  // Walk the shortest list and look each of its documents up in the others (galloping search over
  // their ascending document numbers): a phrase costs about its rarest word, not all its words.
  // Where they meet is kept between searches while the postings stay the same (phrase-matches.ts).
  lists.sort((a, b) => a.length - b.length);
  const meetings = scratch.phrases.of(stems.join('\u0000'), lists);
  const idfs = lists.map((postings) =>
    Math.min(idfCap, inverseDocumentFrequency(documents, postings.length)),
  );
  const offset = literal ? 0 : 1;
  // Several words matched together are worth more than one, but not in proportion to their number.
  const lengthFactor = weight / Math.sqrt(stems.length);
  const best = scratch.groupBest;
  const sum = scratch.groupSum;
  const groupTouched = scratch.groupTouched;
  const leadEntries = lists[0]!.entries;
  const leadValues = lists[0]!.values;
  const leadIdf = idfs[0]!;
  const leadAt = meetings.positions[0]!;
  const others = lists.length - 1;
  for (let j = 0; j < meetings.count; j++) {
    const i = leadAt[j]!;
    const raw = leadEntries[i]!;
    const doc = raw < 0 ? ~raw : raw;
    let score = leadIdf * leadValues[2 * i + offset]!;
    let inName = raw < 0;
    for (let k = 1; k <= others; k++) {
      const other = lists[k]!;
      const at = meetings.positions[k]![j]!;
      score += idfs[k]! * other.values[2 * at + offset]!;
      if (other.entries[at]! < 0) inName = true;
    }
    if (literal && inName) names.push(doc);
    const value = score * lengthFactor;
    if (value <= 0) continue;
    if (best[doc] === 0) groupTouched[groupCount++] = doc;
    sum[doc]! += value;
    if (value > best[doc]!) best[doc] = value;
  }
  return groupCount;
}
