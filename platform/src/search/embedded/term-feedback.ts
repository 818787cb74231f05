import type { QueryPlan } from '../query/plan';
import type { InvertedIndex } from './inverted-index';
import { inverseDocumentFrequency } from './scorer';
import { eachFieldStem, FIELD_INDEX } from './word-sequences';

// Pseudo-relevance feedback on words (`termFeedback`): the engine's best few matches say which
// catalog words go with the query ("invoices" with "bookkeeping", "transcripts" with "meeting
// notes"), and the other documents of the ranking window that share those words move up a little.
// Only the window's order changes: the floor, the count and the matches are those of the words
// typed, so a feedback word never makes an agent a match nor is it highlighted. Unlike the pool's
// "feedback-expanded BM25" (scripts/src/eval/pool-main.ts: the first result's role and description
// added to a BM25 query, a judging aid), it uses several results, only words that two of them share
// and that the query does not have, weighed by their rarity, at a small weight.

// Settings: the grid's best on all of dev and the tune half (scripts/src/eval/ranker/tune-feature-main.ts
// --feature termFeedback, top 3–10 × words 5–20 × strength 0.05–0.4: dev 0.713, tune 0.769 against
// the engine's 0.715 and 0.764); cross-validated by query it scores 0.740 against the engine's 0.743,
// the folds choosing strengths from 0.05 to 0.4.
export const TERM_FEEDBACK = {
  /** How many of the window's best documents vote. */
  top: 10,
  /** A word counts when at least this many of them have it. */
  minDocuments: 2,
  /** How many feedback words at most (the best by votes times rarity). */
  words: 5,
  /** A document having every feedback word scores this share more. */
  strength: 0.05,
};

/**
 * Each distinct stem id of document n outside its provider field (a provider's name says nothing
 * of the job), passed once to `visit`.
 */
export function eachStem(
  index: InvertedIndex,
  n: number,
  seen: Set<number>,
  visit: (id: number) => void,
): void {
  seen.clear();
  eachFieldStem(index.sequenceOf(n), FIELD_INDEX.name, FIELD_INDEX.description, (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    visit(id);
  });
}

/**
 * The feedback factor of each candidate (1 + strength × the share of the feedback words' weight it
 * holds), in the order given; null when there is nothing to learn from (too few documents, no
 * shared word).
 */
export function termFeedback(
  index: InvertedIndex,
  plan: QueryPlan,
  candidates: ReadonlyArray<{ n: number; score: number }>,
): Float64Array | null {
  const { top, minDocuments, words, strength } = TERM_FEEDBACK;
  if (strength <= 0 || candidates.length <= top) return null;
  const best = [...candidates].sort((a, b) => b.score - a.score || index.compareIds(a.n, b.n)).slice(0, top);
  const highest = best[0]!.score;
  if (highest <= 0) return null;
  const asked = new Set<number>();
  for (const group of plan.groups)
    for (const alternative of group.alternatives)
      for (const stemmed of alternative.stems) asked.add(index.stemId(stemmed));
  const votes = new Map<number, { documents: number; weight: number }>();
  const seen = new Set<number>();
  for (const { n, score } of best)
    eachStem(index, n, seen, (id) => {
      if (asked.has(id)) return;
      const vote = votes.get(id) ?? { documents: 0, weight: 0 };
      vote.documents += 1;
      vote.weight += score / highest;
      votes.set(id, vote);
    });
  const documents = Math.max(1, index.size);
  const chosen = [...votes]
    .filter(([, vote]) => vote.documents >= minDocuments)
    .map(([id, vote]) => ({
      id,
      weight: vote.weight * inverseDocumentFrequency(documents, index.frequencyOfId(id)),
    }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id)
    .slice(0, words);
  const total = chosen.reduce((sum, word) => sum + word.weight, 0);
  if (total <= 0) return null;
  const weightOf = new Map(chosen.map((word) => [word.id, word.weight / total]));
  return Float64Array.from(candidates, ({ n }) => {
    let share = 0;
    eachStem(index, n, seen, (id) => {
      share += weightOf.get(id) ?? 0;
    });
    return 1 + strength * share;
  });
}
