import { STOPWORDS } from '../analysis/stopwords';
import { tokenize } from '../analysis/tokenize';

// The words of an agent's name as name matching compares them (named-in-query.ts), and the
// signatures that let the ranker skip most documents' comparisons.

/** The words of a document's name that name matching compares (see nameWordsOf). */
export interface NameWords {
  /** Folded whole words of the name (no camel-case parts), without stop words unless that leaves none. */
  nameWords: string[];
  /** Every folded name word including camel-case parts. */
  nameParts: string[];
  /** nameWords joined by spaces. */
  nameKey: string;
}

/**
 * A 32-bit set of hashed words: when every word of A is in B, A's bits are all in B's. The ranker
 * uses it to skip the name comparisons of documents whose name cannot be the query's.
 */
export function wordSignature(words: readonly string[]): number {
  let bits = 0;
  for (const word of words) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    bits |= 1 << (hash >>> 27);
  }
  return bits;
}

/** Words joined by spaces, split again (words never hold a space). */
export const wordsOf = (joined: string): string[] => (joined === '' ? [] : joined.split(' '));

export function nameWordsOf(name: string): NameWords {
  const tokens = tokenize(name);
  const whole = tokens.filter((token, i) => i === 0 || token.position !== tokens[i - 1]!.position);
  const all = whole.map((token) => token.word);
  const distinctive = all.filter((word) => !STOPWORDS.has(word));
  const nameWords = distinctive.length > 0 ? distinctive : all;
  return {
    nameWords,
    nameParts: [...new Set(tokens.map((token) => token.word))],
    nameKey: nameWords.join(' '),
  };
}
