import type { QueryGroup } from './plan';

// The visitor's own context (`visitorContext`, on: it helps the reported half and fresh set 2 — BENCHMARKS.md). Found by
// reading where the development sets' misses come from (dev and the tune half only): a phrase
// such as "for my youtube channel", "on my calendar", "for my web app" says where the visitor will
// use an agent, not what the agent does, yet its words weigh like the job's, so agents that only
// share the setting ("youtube" summarisers for "hire an ai video editor for my youtube channel")
// rank beside those doing the job. A preposition followed by a possessive ("for my", "on our")
// opens such a phrase; it runs until a word that starts another clause ("and", "to", "that"). Its
// groups keep a share of their weight, in the scores and in the coverage the floor is a share of
// (the same hook as term-specificity.ts), when the query also names something outside it.
// Settings fitted on dev and the tune half only (scripts/src/eval/ranker/tune-feature-main.ts).

export const VISITOR_CONTEXT = {
  /** The share of its weight a group of the visitor's context keeps. */
  weight: 0.5,
  /** 1: any preposition opens a context phrase ("for real estate"), not only before a possessive. */
  anyPreposition: 0,
};

const PREPOSITIONS = new Set(
  'for on in at from with within inside across into around during through throughout via'.split(' '),
);
const POSSESSIVES = new Set('my our your their his her its'.split(' '));
/** Words that end a context phrase: another clause or part of the request begins. */
const CLAUSE_WORDS = new Set(
  'and or but to that which who so then while when where because before after by without'.split(' '),
);

/**
 * The words (as typed, folded) inside context phrases of `words` (the query's whole words, stop
 * words included), with how many times each occurs inside and outside, so that a word also used
 * for the job ("video editor for my video channel") is not taken for context.
 */
export function contextWords(words: string[]): Set<string> {
  const inside = new Map<string, number>();
  const outside = new Map<string, number>();
  let open = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (open && CLAUSE_WORDS.has(word)) open = false;
    if (!open && PREPOSITIONS.has(word) && i > 0) {
      const next = words[i + 1];
      if (next !== undefined && (POSSESSIVES.has(next) || VISITOR_CONTEXT.anyPreposition === 1)) {
        open = true;
        if (POSSESSIVES.has(next)) i += 1; // a stop word: it belongs to neither side
        continue;
      }
    }
    const counts = open ? inside : outside;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return new Set([...inside.keys()].filter((word) => !outside.has(word)));
}

/**
 * Marks the groups made only of context words (their `specificity` multiplied by the weight) when
 * at least one group is not: a query that is all context ("for my kids") keeps its weights.
 */
export function weighVisitorContext(groups: QueryGroup[], words: string[]): void {
  if (groups.length < 2) return;
  const context = contextWords(words);
  if (context.size === 0) return;
  const inContext = groups.map((group) => group.words.every((word) => context.has(word)));
  if (inContext.every(Boolean) || !inContext.some(Boolean)) return;
  groups.forEach((group, g) => {
    if (inContext[g]) group.specificity = (group.specificity ?? 1) * VISITOR_CONTEXT.weight;
  });
}
