import { QUERY_FILLERS } from '../analysis/stopwords';
import { FEATURES } from './features';
import { ALTERNATIVE_WORDS } from './intent';

// When a query asks for a product by name, and what it says besides the name. Engine-neutral:
// the embedded engine ranks with it (embedded/named-in-query.ts) and the Meilisearch adapter builds its
// follow-up queries with it (meili/).

/** A word in at most this many agents reads as a product's own ("pixelfrog", not "virtual"). */
export const NAME_WORD_MAX_AGENTS = 3;

/** A word in more than this share of agents says nothing about which agent is meant ("ai"). */
export const GENERIC_SHARE = 0.1;

/** How many of the query's words describe something (fillers such as "need" do not). */
export function describedWords(queryWords: string[]): number {
  return queryWords.filter((word) => !QUERY_FILLERS.has(word)).length;
}

/**
 * The query reads like a product's name: the name is at least half of what it asks ("otterly ai",
 * "pixelforge alternative"), or each of its words is the product's own (in few agents). A long use
 * case sharing one everyday word with a product's name ("virtual") does not ask for that product.
 */
export function readsAsName(
  nameWords: string[],
  queryWords: string[],
  agentsWith: (word: string) => number,
): boolean {
  if (!FEATURES.nameIntent) return true;
  return (
    nameWords.length * 2 >= describedWords(queryWords) ||
    nameWords.every((word) => agentsWith(word) <= NAME_WORD_MAX_AGENTS)
  );
}

/**
 * Whether words of the query other than the product's name say more about what is wanted. Words
 * asking for alternatives ("alternative", "vs") and words most agents have ("ai", "app") do not:
 * the named product's alternatives are then agents like it.
 */
export function saysMoreThanName(
  words: string[],
  nameWords: ReadonlySet<string>,
  agentsWith: (word: string) => number,
  catalogSize: number,
): boolean {
  if (words.every((word) => nameWords.has(word))) return false;
  if (!FEATURES.nameAlternatives) return true;
  if (words.every((word) => ALTERNATIVE_WORDS.has(word))) return false;
  return !words.every((word) => agentsWith(word) > catalogSize * GENERIC_SHARE);
}
