import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { tokenize, words } from '../analysis/tokenize';
import type { QueryGroup, QueryPlan } from '../query/plan';
import type { InvertedIndex } from './inverted-index';
import { inverseDocumentFrequency } from './scorer';

// A plan that finds agents like a given one. Alternatives to a product do the same job, so its role
// weighs most, then its category, then the words of its description that say what it does.
// Capitalised words inside sentences are names (OpenAI, Slack): they say who, not what.

const TERMS = 8;
const MIN_FREQUENCY = 2;
export const LIKENESS = { role: 3, category: 1, term: 0.6 } as const;

function descriptiveWords(text: string): string[] {
  return tokenize(text)
    .filter((token, i, all) => {
      const original = text.slice(token.start, token.end);
      const sentenceStart = i === 0 || /[.!?]\s*$/.test(text.slice(all[i - 1]!.end, token.start));
      return sentenceStart || !/^\p{Lu}/u.test(original);
    })
    .map((token) => token.word);
}

/** A plan for agents like document `number` (a live one) of the index. */
export function moreLikeThisPlan(index: InvertedIndex, number: number): QueryPlan {
  const document = index.document(number)!;
  const { nameWords } = index.nameOf(number);
  const roleStems = words(document.role)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
  const categoryStems = words(document.category)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
  const skip = new Set([...roleStems, ...categoryStems, ...nameWords.map(stem)]);
  const documents = Math.max(1, index.size);
  const candidates = new Map<string, { word: string; score: number }>();
  for (const word of descriptiveWords(document.description)) {
    if (STOPWORDS.has(word) || word.length < 3 || /\d/.test(word)) continue;
    const stemmed = stem(word);
    const frequency = index.documentFrequency(stemmed);
    if (skip.has(stemmed) || frequency < MIN_FREQUENCY) continue;
    const idf = inverseDocumentFrequency(documents, frequency);
    candidates.set(stemmed, { word, score: (candidates.get(stemmed)?.score ?? 0) + idf });
  }
  const terms = [...candidates.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, TERMS);
  const groups: QueryGroup[] = [];
  const literal = (stems: string[], weight: number, text: string[]): QueryGroup => ({
    words: text,
    meant: text,
    alternatives: [{ stems, weight, source: 'literal' }],
  });
  if (roleStems.length > 0) groups.push(literal(roleStems, LIKENESS.role, words(document.role)));
  if (categoryStems.length > 0)
    groups.push(literal(categoryStems, LIKENESS.category, words(document.category)));
  for (const [stemmed, { word }] of terms) groups.push(literal([stemmed], LIKENESS.term, [word]));
  return { groups, literalStems: [], words: [] };
}
