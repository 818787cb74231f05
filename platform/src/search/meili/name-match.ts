import { STOPWORDS } from '../analysis/stopwords';
import { tokenize, words } from '../analysis/tokenize';
import { FEATURES } from '../query/features';
import { readsAsName } from '../query/name-intent';
import { allowedTypos } from '../query/plan';
import { editDistance } from './highlight';
import type { MeiliHit } from './merge';

// Which hits of the main page the query asks for by name ("otterly ai", "vidora alternative",
// "vidra alternative"), read as the embedded engine reads names (embedded/named-in-query.ts nameBoost), from
// the hits Meilisearch returned: Meilisearch found the product (its typo rule, its joining of
// "pixel frog"); this says whether the query reads like that product's name.

export interface AgentName {
  /** Whole words of the name without stop words (all of them when that leaves none). */
  words: string[];
  /** Every word of the name, camel-case parts too ("EmailTriager": emailtriager, email, triager). */
  parts: string[];
  key: string;
}

/** A name as the embedded index reads it (inverted-index.ts nameWordsOf). */
export function agentName(name: string): AgentName {
  const tokens = tokenize(name);
  const all = tokens.filter((token, i) => i === 0 || token.position !== tokens[i - 1]!.position);
  const whole = all.map((token) => token.word);
  const distinctive = whole.filter((word) => !STOPWORDS.has(word));
  const nameWords = distinctive.length > 0 ? distinctive : whole;
  return {
    words: nameWords,
    parts: [...new Set(tokens.map((token) => token.word))],
    key: nameWords.join(' '),
  };
}

/**
 * How many agents hold a word, as readsAsName sees it here: every word is taken as common.
 * Meilisearch keeps no word counts to read; counting needs a request, and this reading decides
 * whether a follow-up runs at all, so counting first would add a third round of requests to every
 * search that holds a product's name. readsAsName then asks only that the name be at least half of
 * what the query says; its other reading, "each name word is in at most 3 agents" (a long query
 * holding a rare product name), is not made. The error goes the safe way: a long query is never
 * taken for a name because of one everyday word, and the product still ranks where Meilisearch
 * put it. (Whether the rest of the query says more is counted, in the follow-up: alternatives.ts.)
 */
export const EVERY_WORD_COMMON = (): number => Number.POSITIVE_INFINITY;

/**
 * The query words standing for the name's words, as a map from query word to the name word it
 * stands for, or null when some name word is not in the query. A name word is the query word
 * itself, two neighbouring query words typed apart ("pixel frog"), or a misspelling within
 * Meilisearch's typo budget. `known` words are never read as misspellings: embedded correction
 * only touches unknown words, so "notion" does not name Motion.
 */
export function findName(
  name: AgentName,
  queryWords: readonly string[],
  known: ReadonlySet<string>,
): Map<string, string> | null {
  const meant = new Map<string, string>();
  for (const word of name.words) {
    if (queryWords.includes(word)) {
      meant.set(word, word);
      continue;
    }
    const joined = FEATURES.joinWords
      ? queryWords.findIndex((first, i) => i + 1 < queryWords.length && first + queryWords[i + 1] === word)
      : -1;
    if (joined >= 0) {
      meant.set(queryWords[joined]!, word);
      meant.set(queryWords[joined + 1]!, word);
      continue;
    }
    const misspelt = queryWords.find((typed) => !known.has(typed) && withinTypos(typed, word));
    if (misspelt === undefined) return null;
    meant.set(misspelt, word);
  }
  return meant;
}

function withinTypos(typed: string, word: string): boolean {
  const budget = allowedTypos(typed);
  return budget > 0 && Math.abs(typed.length - word.length) <= budget && editDistance(typed, word) <= budget;
}

export interface NamedHits {
  /** The hits the query names, in the main search's order. */
  hits: MeiliHit[];
  /** The first named agent's name. */
  name: AgentName;
  /** Each query word standing for a word of that name, with the name word it stands for. */
  meant: Map<string, string>;
}

/** The words of a page's hits, in every searchable field: what the query may hold correctly spelt. */
function pageWords(hits: readonly MeiliHit[]): Set<string> {
  const found = new Set<string>();
  for (const hit of hits)
    for (const field of [hit.name, hit.role, hit.category, hit.description, hit.provider])
      for (const word of words(String(field ?? ''))) found.add(word);
  return found;
}

/**
 * The hits whose name the query reads as (embedded/named-in-query.ts: the whole query is the name,
 * or the whole name is in a query that reads like it), or null when none is.
 */
export function namedHits(hits: readonly MeiliHit[], queryWords: readonly string[]): NamedHits | null {
  if (queryWords.length === 0) return null;
  const known = pageWords(hits);
  let first: Omit<NamedHits, 'hits'> | undefined;
  const named: MeiliHit[] = [];
  for (const hit of hits) {
    const name = agentName(String(hit.name ?? ''));
    if (name.words.length === 0) continue;
    const meant = findName(name, queryWords, known);
    if (!meant) continue;
    const meantWords = queryWords.map((word) => meant.get(word) ?? word);
    const exact = [...new Set(meantWords)].join(' ') === name.key;
    if (!exact && (name.key.length < 3 || !readsAsName(name.words, meantWords, EVERY_WORD_COMMON))) continue;
    named.push(hit);
    first ??= { name, meant };
  }
  return first ? { hits: named, ...first } : null;
}
