import { STOPWORDS } from '../analysis/stopwords';
import { tokenize, words } from '../analysis/tokenize';
import type { SearchDocument } from '../port';

// similarTo without an embedder: a keyword query built from the agent, in the spirit of the
// embedded engine's more-like-this plan. Alternatives to an agent do the same job, so its role
// comes first, then its category, then the words of its description that say what it does.

/** Meilisearch reads only the first 10 words of a query. */
export const MAX_QUERY_WORDS = 10;

/** Description words that describe: no stopwords, short words, numbers, or names (capitalised inside a sentence). */
function descriptiveWords(text: string): string[] {
  const tokens = tokenize(text);
  return tokens
    .filter((token, i) => {
      if (i > 0 && tokens[i - 1]!.position === token.position) return false; // a camel-case part
      const original = text.slice(token.start, token.end);
      const previous = tokens.find((t) => t.position === token.position - 1); // the whole word
      const sentenceStart = !previous || /[.!?]\s*$/.test(text.slice(previous.end, token.start));
      return sentenceStart || !/^\p{Lu}/u.test(original);
    })
    .map((token) => token.word)
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/\d/.test(word));
}

/** The query that finds agents like this one: role words, category words, then description words. */
export function similarQuery(document: SearchDocument): string {
  const own = new Set(words(document.name));
  const chosen: string[] = [];
  const add = (word: string) => {
    if (chosen.length < MAX_QUERY_WORDS && !chosen.includes(word)) chosen.push(word);
  };
  const meaningful = (text: string) => words(text).filter((word) => !STOPWORDS.has(word));
  for (const word of meaningful(document.role)) add(word);
  for (const word of meaningful(document.category)) add(word);
  for (const word of descriptiveWords(document.description)) if (!own.has(word)) add(word);
  return chosen.join(' ');
}
