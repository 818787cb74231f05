import type { QueryPlan } from '../query/plan';
import type { Filter } from './filter';
import type { InvertedIndex } from './inverted-index';
import { inverseDocumentFrequency } from './scorer';
import { eachStem } from './term-feedback';

// Pseudo-relevance feedback for recall (`feedbackRecall`, issue 27 part 2): when a query has few
// matches, the rest of its first page is related agents that share some typed word, often a
// generic one. Here the best matches say which catalog words go with the job (words several of
// them share that the query lacks, weighed by rarity, as termFeedback's), and the agents holding
// most of those words are listed first among the related ones, although they share no word with
// the query ("automatically reply to customer emails": support agents that say "tickets",
// "support"). They are never matches: the floor, the count and the highlights stay the typed
// words'. termFeedback only re-orders the window the typed words found; this brings agents in.

export const FEEDBACK_RECALL = {
  /** Only when fewer matches than this: the first page then lists related agents. */
  maxMatches: 5,
  /** At least this many matches to learn from (one match is too often a wrong one). */
  minMatches: 1,
  /** How many of the best matches vote. */
  seeds: 5,
  /** A word counts when at least this many of them have it. */
  minDocuments: 2,
  /** Feedback words at most (the best by votes times rarity). */
  words: 4,
  /** Words in more than this share of the agents say nothing of the job. */
  maxShare: 0.05,
  /** An agent brought in must hold at least this many of the feedback words. */
  minWords: 2,
  /** Agents brought in at most. */
  agents: 5,
  /** Related agents of the typed words that keep their place before them. */
  after: 8,
};

/**
 * Agents to list first among the related ones, best first: none of `listed`, each holding at
 * least minWords of the feedback words of the best matches (`matches`, best first).
 */
export function feedbackRecall(
  index: InvertedIndex,
  plan: QueryPlan,
  matches: readonly number[],
  listed: ReadonlySet<number>,
  filter: Filter | null,
): number[] {
  const { maxMatches, minMatches, seeds, minDocuments, words, maxShare, minWords, agents } = FEEDBACK_RECALL;
  if (matches.length < minMatches || matches.length >= maxMatches) return [];
  const asked = new Set<number>();
  for (const group of plan.groups)
    for (const alternative of group.alternatives)
      for (const stemmed of alternative.stems) asked.add(index.stemId(stemmed));
  const documents = Math.max(1, index.size);
  const most = Math.max(minDocuments, maxShare * documents);
  const votes = new Map<number, number>();
  const seen = new Set<number>();
  for (const n of matches.slice(0, seeds))
    eachStem(index, n, seen, (id) => {
      if (!asked.has(id)) votes.set(id, (votes.get(id) ?? 0) + 1);
    });
  const chosen = [...votes]
    .filter(([id, count]) => count >= minDocuments && index.frequencyOfId(id) <= most)
    .map(([id, count]) => ({
      id,
      weight: count * inverseDocumentFrequency(documents, index.frequencyOfId(id)),
    }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id)
    .slice(0, words);
  if (chosen.length < minWords) return [];
  // Each feedback word's postings (bounded by maxShare), a document's weights and words summed.
  const found = new Map<number, { weight: number; words: number }>();
  const alive = index.aliveFlags;
  for (const { id, weight } of chosen) {
    const postings = index.postingsOfId(id);
    if (!postings) continue;
    const { entries, values, length } = postings;
    for (let i = 0; i < length; i++) {
      const raw = entries[i]!;
      const n = raw < 0 ? ~raw : raw;
      if (alive[n] === 0 || listed.has(n)) continue;
      const entry = found.get(n) ?? { weight: 0, words: 0 };
      entry.weight += weight * values[2 * i + 1]!;
      entry.words += 1;
      found.set(n, entry);
    }
  }
  return [...found]
    .filter(([n, entry]) => entry.words >= minWords && (!filter || filter(n)))
    .sort((a, b) => b[1].weight - a[1].weight || index.compareIds(a[0], b[0]))
    .slice(0, agents)
    .map(([n]) => n);
}
