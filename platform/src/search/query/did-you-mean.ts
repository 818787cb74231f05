import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { wholeWords } from '../analysis/tokenize';
import type { Vocabulary } from './plan';
import { worthCorrecting } from './typo-rule';

// "Did you mean": for a query with no close match, the same query with each word no agent has
// replaced by a catalog word up to two letters away that the typo rule accepts (a slip people make,
// not a real word typed on purpose, not a row of the keyboard). Undefined when no word changes.

export function didYouMean(query: string, vocabulary: Vocabulary): string | undefined {
  let changed = false;
  const words = wholeWords(query.slice(0, 500)).map((word) => {
    if (STOPWORDS.has(word) || word.length < 4 || vocabulary.documentFrequency(stem(word)) > 0) return word;
    const better = vocabulary
      .corrections(word, 2)
      .find((candidate) => candidate.word.length >= 4 && worthCorrecting(word, candidate.word));
    if (!better) return word;
    changed = true;
    return better.word;
  });
  return changed ? words.join(' ') : undefined;
}
