import { wholeWords } from '../analysis/tokenize';
import { englishLexicon, type Lexicon } from '../lexicon/english-lexicon';
import type { QueryGroup } from './plan';

// Query-term importance from general English (`termSpecificity`, off: measured, not kept —
// BENCHMARKS.md). The catalog's own rarity (idf) is all the engine weighs a word by, and with about
// a thousand agents it cannot tell a generic word from a specific one when both are in a handful
// of descriptions: "reads", "answers" and "questions" weigh as much as "pdfs" and "contracts" in
// "need something that reads my pdfs and answers questions about contracts". How common a word is
// in English at large (GloVe's frequency ranks, lexicon/english-words.json, already shipped for
// the typo rule) is a second opinion: a part of the query made only of common English words
// weighs less, in the scores and in the coverage the floor is a share of. Settings fitted on dev
// and the tune half only (scripts/src/eval/ranker/tune-feature-main.ts, cross-validated by query).

export const SPECIFICITY = {
  /** Words at least this rare in English (rank) keep their whole weight. */
  fullRank: 50_000,
  /** The least share of its catalog weight a word keeps (the commonest words come near it). */
  least: 0,
  /** Only queries of at least this many parts are weighed (2: every query of several parts). */
  minGroups: 2,
  /**
   * How much a word common in English but used by agents of few roles in the catalog ("notes",
   * "calls", "emails") gets back of what its commonness took (embedded/role-focus.ts, the catalog's
   * second opinion; 0: English alone). Needs the index, so it is the embedded engine's alone.
   */
  rescue: 0,
  /**
   * The share a part holding a word of one of the catalog's role names ("research", "sales",
   * "call", "writer") gets back of what its commonness took: such a word names the job however
   * common it is (0: English alone; embedded only, as the role names are the index's).
   */
  roleWords: 0,
  /**
   * A query is weighed only when its most specific part is at least this specific (0: always; 0.6
   * chosen by 4 folds of 5 on dev + tune + train, tune-feature-main.ts --feature termSpecificityGated). When
   * every part is common English ("research a company before a sales call"), commonness cannot tell
   * the job's word from filler, so the query is left as typed.
   */
  minTop: 0.6,
  /**
   * A query is weighed only when catalogIntent's likeliest role for it is less probable than this
   * (1: always). Where the catalog is already sure of the role, generic words do not pull in agents
   * of other roles, and English commonness would only reorder the right ones. Embedded only (the
   * index's counts; embedded/role-focus.ts). Every fold on dev + tune + train chose 1 (0.5–0.95
   * each lowered the training sets): not gated.
   */
  maxRoleConfidence: 1,
  /**
   * The share a part of the query's head phrase gets back of what its commonness took (0: English
   * alone). The head phrase is the query's words before its first preposition, conjunction, relative
   * word or comma: "summarize court rulings", "draft a non-disclosure agreement", "analize my
   * competitors marketing strategy" are all head; in "reads my pdfs and answers questions about
   * contracts" or "text patients who missed their appointment and offer them a new time slot" only
   * the first words are. A job named by common words is named there, as the verb's object; filler
   * and context come in the clauses after it. Fitted on the training sets (tune-feature-main.ts
   * --feature termSpecificityHead).
   */
  headPhrase: 0,
  /**
   * The share a part gets back of what its commonness took when it makes a phrase with a neighbouring
   * part in the catalog's own texts (embedded/phrase-unit.ts: side by side in at least
   * `phraseMinDocs` agents, together at least `phraseLift` times as often as chance). 0: not read.
   * Embedded only (the index's word sequences). Fitted on the training sets: --feature termSpecificityPhrase.
   */
  phrase: 0,
  phraseLift: 5,
  phraseMinDocs: 1,
  /**
   * The share a part gets back when no agent has any of its typed words ("court", "agreement",
   * "disclosure"): it matches through its concept readings only, and how common the typed word is
   * in English says nothing of them. 0: not read (embedded only). --feature termSpecificityAbsent.
   */
  absent: 0,
};

/** Words that end a query's head phrase: prepositions, conjunctions and relative words. */
const HEAD_ENDS = new Set(
  `about above after against along among and as at because before behind below beside between but by despite
  during except for from if in inside into like near of off on onto or out outside over per since so than that
  then through to toward towards under unless until upon via when whenever where whereas which while who whom
  whose why with within without`.split(/\s+/),
);

/** The words of a query's head phrase: its words before the first that ends it, or before a comma. */
export function headPhraseWords(query: string): Set<string> {
  const head = new Set<string>();
  const beforeComma = query.split(/[,;:()]/)[0] ?? '';
  for (const word of wholeWords(beforeComma)) {
    if (HEAD_ENDS.has(word)) break;
    head.add(word);
  }
  return head;
}

/** Whether a query of this many parts is weighed by specificity. */
export const specificityApplies = (groups: number) => groups >= Math.max(2, SPECIFICITY.minGroups);

/** A word's share of its weight: `least` for the commonest, rising with log rank to 1 at fullRank. */
export function wordSpecificity(word: string, lexicon: Lexicon = englishLexicon()): number {
  const rank = lexicon.rank(word);
  if (rank === undefined || rank >= SPECIFICITY.fullRank) return 1;
  const share = Math.log(rank + 2) / Math.log(SPECIFICITY.fullRank + 2);
  return SPECIFICITY.least + (1 - SPECIFICITY.least) * share;
}

/**
 * Each group's specificity for a plan of these groups, or null when the query is not weighed
 * (fewer than minGroups parts, or no part reaching minTop); with the query's text, its head phrase's
 * parts get back `headPhrase` of what commonness took.
 */
export function planSpecificities(
  groups: readonly QueryGroup[],
  lexicon: Lexicon = englishLexicon(),
  query?: string,
): number[] | null {
  if (!specificityApplies(groups.length)) return null;
  const values = groups.map((group) => groupSpecificity(group, lexicon));
  if (SPECIFICITY.minTop > 0 && Math.max(...values) < SPECIFICITY.minTop) return null;
  const { headPhrase } = SPECIFICITY;
  if (headPhrase <= 0 || query === undefined) return values;
  const head = headPhraseWords(query);
  return values.map((value, g) =>
    groups[g]!.words.every((word) => head.has(word)) ? value + (1 - value) * headPhrase : value,
  );
}

/** A group is as specific as its most specific word ("customer emails": "emails"). */
export function groupSpecificity(group: QueryGroup, lexicon: Lexicon = englishLexicon()): number {
  let best = 0;
  for (const word of group.meant) best = Math.max(best, wordSpecificity(word, lexicon));
  return best > 0 ? best : 1;
}
