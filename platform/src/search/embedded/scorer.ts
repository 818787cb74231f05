import { FEATURES } from '../query/features';
import type { QueryPlan } from '../query/plan';
import { type GroupScores, groupScores } from './group-scores';
import type { InvertedIndex } from './inverted-index';
import type { PostingList } from './postings';
import type { Scratch } from './scratch';
import { runWhole, type Steps } from './search-steps';

// Scores every document that matches at least one group of the plan. Within a group the best
// alternative counts fully and the others a little (a soft OR: an agent whose role is Illustrator
// and whose description says "image generation" beats one that only has the role, but synonyms
// never pile up to outweigh another part of the query); across groups scores add up. A phrase alternative counts only where all its stems appear. The loops below are the hot
// path of every search: they read typed arrays directly and call nothing.

/** How much the other matching alternatives of a group add to its best one. */
export const SOFT_OR = { share: 0.35 };

/**
 * Whether a group's associations (query/plan.ts addAssociations) stand as readings of it: when
 * nothing the person typed for it is in the catalog ("lawyers" where agents say "legal"), they are
 * the only way to read that part. Otherwise they only re-score (addAssociations below).
 */
export function associationsRead(index: InvertedIndex, group: QueryPlan['groups'][number]): boolean {
  // Most groups have none (and none at all unless FEATURES.associations): no lookups for them.
  if (!group.alternatives.some((alternative) => alternative.source === 'association')) return false;
  for (const alternative of group.alternatives) {
    if (alternative.source === 'association') continue;
    if (alternative.stems.every((s) => index.documentFrequency(s) > 0)) return false;
  }
  return true;
}

export function inverseDocumentFrequency(documents: number, frequency: number): number {
  // Postings keep removed documents until the next rebuild, so a word's count can exceed the live
  // documents (the only agent removed and restored: 2 postings, 1 document). Unclamped, its weight
  // turns negative and the agent can no longer be found.
  const live = Math.min(frequency, documents);
  return Math.log(1 + (documents - live + 0.5) / (live + 0.5));
}

/**
 * How much each group matters for coverage: the rarity of its best reading that exists in the
 * catalog. A word nothing matches ("spanish" in a catalog without Spanish agents) weighs nothing,
 * so it cannot push every real match below the coverage threshold.
 */
export function groupImportance(index: InvertedIndex, plan: QueryPlan): number[] {
  const documents = Math.max(1, index.size);
  return plan.groups.map((group) => {
    // Like the scores, a group's weight never exceeds the rarity of what was typed: a common
    // word ("write") is not made important by a rare synonym of it ("ghostwriting").
    const cap = FEATURES.literalImportance ? literalIdf(index, group, documents) : Number.POSITIVE_INFINITY;
    let best = 0;
    let commonestCompletion = Number.POSITIVE_INFINITY;
    let onlyCompletions = true;
    const read = associationsRead(index, group);
    for (const alternative of group.alternatives) {
      // An association re-scores what the query's words found; it never makes a part weigh.
      if (alternative.source === 'association' && !read) continue;
      let idf = 0;
      let exists = true;
      for (const s of alternative.stems) {
        const frequency = index.documentFrequency(s);
        if (frequency === 0) exists = false;
        idf += inverseDocumentFrequency(documents, frequency);
      }
      const literal = alternative.source === 'literal' || alternative.source === 'typo';
      const rarity = literal ? idf / alternative.stems.length : Math.min(cap, idf / alternative.stems.length);
      if (!exists) continue;
      best = Math.max(best, rarity * alternative.weight);
      if (alternative.source === 'prefix')
        commonestCompletion = Math.min(commonestCompletion, rarity * alternative.weight);
      else onlyCompletions = false;
    }
    // A beginning of words ("hir") weighs as its commonest completion ("hire"), not its rarest
    // ("hirebot"): a rare completion would lift the floor so that one more letter swings the count.
    const specificity = group.specificity ?? 1;
    if (FEATURES.stableTyping && onlyCompletions && Number.isFinite(commonestCompletion))
      return commonestCompletion * specificity;
    return best * specificity;
  });
}

/** Fills scratch.total / matchMask / nameHit for matching documents; scratch.touched lists them. */
export function scorePlan(index: InvertedIndex, plan: QueryPlan, scratch: Scratch): void {
  runWhole(scorePlanSteps(index, plan, scratch));
}

/**
 * scorePlan as steps (search-steps.ts): it may stop after each group of the plan. (The loops stay
 * in plain functions: V8 optimises a long loop inside a generator less well.)
 */
export function* scorePlanSteps(index: InvertedIndex, plan: QueryPlan, scratch: Scratch): Steps<void> {
  scratch.ensure(index.capacity);
  scratch.reset();
  const documents = Math.max(1, index.size);
  const groups = plan.groups.slice(0, 32);
  for (let g = 0; g < groups.length; g++) {
    addGroup(index, groups, g, documents, scratch);
    yield;
  }
  if (FEATURES.associations) addAssociations(index, groups, documents, scratch);
  // Every touched document has a bit of its mask set (it is listed when its first bit is), so
  // scratch.reset() clears the name hits of all of them. (A pass here cleared name hits of touched
  // documents without a mask: there are none; it cost 2 % of a search.)
}

/** Group g's scores added to the totals, its bit to the masks of the documents it matches. */
function addGroup(
  index: InvertedIndex,
  groups: QueryPlan['groups'],
  g: number,
  documents: number,
  scratch: Scratch,
): void {
  const alive = index.aliveFlags;
  const { total, matchMask, nameHit, touched } = scratch;
  const bit = 1 << g;
  const sole = soleScoring(index, groups[g]!, documents);
  if (sole) {
    // One reading matches anything: the soft OR is its own score, added straight to the totals
    // without the per-group accumulators (most groups of a query are a single word).
    const { postings, factor, offset, literal } = sole;
    const entries = postings.entries;
    const values = postings.values;
    const length = postings.length;
    for (let i = 0; i < length; i++) {
      const raw = entries[i]!;
      const doc = raw < 0 ? ~raw : raw;
      if (alive[doc] === 0) continue;
      const value = factor * values[2 * i + offset]!;
      if (literal && raw < 0) nameHit[doc] = 1;
      if (value <= 0) continue;
      if (matchMask[doc] === 0) touched[scratch.touchedCount++] = doc;
      // Rounded as the accumulators (Float32Array) would have held it: the same total to the bit.
      total[doc]! += Math.fround(value);
      matchMask[doc]! |= bit;
    }
    return;
  }
  // Several readings: each document's soft OR over them, worked out once for these postings and
  // kept between searches (a concept's readings repeat from query to query), then added here.
  const { docs, values, names } = severalReadings(index, groups[g]!, documents, scratch);
  for (let j = 0; j < docs.length; j++) {
    const doc = docs[j]!;
    if (alive[doc] === 0) continue;
    if (matchMask[doc] === 0) touched[scratch.touchedCount++] = doc;
    total[doc]! += values[j]!;
    matchMask[doc]! |= bit;
  }
  for (let j = 0; j < names.length; j++) if (alive[names[j]!] === 1) nameHit[names[j]!] = 1;
}

/** A group scored by its one reading (soleReading): value = factor × the postings' value at offset. */
export interface SoleScoring {
  /** The reading's one word (stemmed). */
  stem: string;
  postings: PostingList;
  factor: number;
  /** 0: the literal value, 1: the derived one. */
  offset: 0 | 1;
  /** The literal reading: a name hit marks the document's name (nameHit). */
  literal: boolean;
}

/** How group g scores when one reading matches anything (null when several can, or a phrase). */
export function soleScoring(
  index: InvertedIndex,
  group: QueryPlan['groups'][number],
  documents: number,
): SoleScoring | null {
  const sole = soleReading(index, group.alternatives, associationsRead(index, group));
  if (!sole) return null;
  const { alternative, postings } = sole;
  const literal = alternative.source === 'literal';
  const cap = literal ? Number.POSITIVE_INFINITY : literalIdf(index, group, documents);
  const factor =
    (group.specificity ?? 1) *
    alternative.weight *
    Math.min(cap, inverseDocumentFrequency(documents, postings.length));
  return { stem: alternative.stems[0]!, postings, factor, offset: literal ? 0 : 1, literal };
}

/** The group's soft OR per document (groupScores) when it has several readings that can match. */
export function severalReadings(
  index: InvertedIndex,
  group: QueryPlan['groups'][number],
  documents: number,
  scratch: Scratch,
): GroupScores {
  const idfCap = literalIdf(index, group, documents);
  return groupScores(index, group, associationsRead(index, group), idfCap, documents, scratch);
}

/**
 * Words associated with a query word (query/plan.ts addAssociations) add to the score of documents
 * the query's own readings found that lack that word's group, as a weak reading of it: they bring
 * no document in and set no coverage, so the floor's reference (the parts' weights) stays what the
 * typed words make it; the added score may lift an agent over it, and its "why" then names the
 * associated word ("speech (as address)").
 */
function addAssociations(
  index: InvertedIndex,
  groups: QueryPlan['groups'],
  documents: number,
  scratch: Scratch,
): void {
  const { total, matchMask } = scratch;
  const alive = index.aliveFlags;
  for (let g = 0; g < groups.length; g++) {
    if (associationsRead(index, groups[g]!)) continue;
    const bit = 1 << g;
    let cap: number | undefined;
    for (const alternative of groups[g]!.alternatives) {
      if (alternative.source !== 'association') continue;
      const postings = index.postingsOf(alternative.stems[0]!);
      if (!postings) continue;
      cap ??= literalIdf(index, groups[g]!, documents);
      const factor = alternative.weight * Math.min(cap, inverseDocumentFrequency(documents, postings.length));
      const { entries, values, length } = postings;
      for (let i = 0; i < length; i++) {
        const raw = entries[i]!;
        const doc = raw < 0 ? ~raw : raw;
        const mask = matchMask[doc]!;
        if (mask === 0 || (mask & bit) !== 0 || alive[doc] === 0) continue;
        total[doc]! += Math.fround(factor * values[2 * i + 1]!);
      }
    }
  }
}

/**
 * The group's one reading that can match, when it is a single word: every other reading has a
 * word no document holds. Null when several can match, or the one that can is a phrase.
 */
function soleReading(
  index: InvertedIndex,
  alternatives: QueryPlan['groups'][number]['alternatives'],
  associations: boolean,
): { alternative: QueryPlan['groups'][number]['alternatives'][number]; postings: PostingList } | null {
  let sole: {
    alternative: QueryPlan['groups'][number]['alternatives'][number];
    postings: PostingList;
  } | null = null;
  for (const alternative of alternatives) {
    if (alternative.source === 'association' && !associations) continue;
    if (alternative.stems.length > 1) {
      // A phrase matches only where every one of its words is.
      if (alternative.stems.every((s) => index.postingsOf(s) !== undefined)) return null;
      continue;
    }
    const postings = index.postingsOf(alternative.stems[0]!);
    if (!postings) continue;
    if (sole) return null;
    sole = { alternative, postings };
  }
  return sole;
}

/** The rarity of what the person typed for this group (its literal or corrected reading). */
export function literalIdf(
  index: InvertedIndex,
  group: QueryPlan['groups'][number],
  documents: number,
): number {
  let best = 0;
  for (const alternative of group.alternatives) {
    if (alternative.source !== 'literal' && alternative.source !== 'typo') continue;
    // A phrase is as rare as all its words together: their rarities add up.
    let sum = 0;
    for (const s of alternative.stems) sum += inverseDocumentFrequency(documents, index.documentFrequency(s));
    best = Math.max(best, sum);
  }
  return best > 0 ? best : Number.POSITIVE_INFINITY;
}
