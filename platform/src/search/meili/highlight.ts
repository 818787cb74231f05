import { fold } from '../analysis/fold';
import { STOPWORDS } from '../analysis/stopwords';
import { HIGHLIGHT_FIELDS, type Highlight, type HighlightFieldName, type SearchDocument } from '../port';
import { meiliSynonyms } from '../query/concepts';
import { MIN_WORD_SIZE_FOR_TYPOS } from './settings';

// Meilisearch marks matches inside `_formatted` with the pre/post tags we ask for. We ask for two
// control characters that agent text does not contain, split on them, and check that the parts
// join back into the stored text, the port's promise to renderers (which escape the text
// themselves); a stray control character in some text costs that field its highlight, nothing
// more. Which query words a field matched is worked out from the marked words: the same word, a
// completion of the last word, a typo within Meilisearch's budget, or a query word's synonym.

export const HIGHLIGHT_PRE_TAG = '\u0001';
export const HIGHLIGHT_POST_TAG = '\u0002';

type Parts = Highlight['parts'];

/**
 * A `_formatted` field as alternating parts. When the marks do not fold back into `original`
 * (unbalanced marks, or text Meilisearch changed), the field is returned whole and unmarked: a
 * missing highlight is better than text that differs from the agent's.
 */
export function highlightParts(formatted: string, original: string): Parts {
  const parts: Parts = [];
  const push = (text: string, match: boolean) => {
    if (text === '') return;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  let match = false;
  let start = 0;
  let balanced = true;
  for (let i = 0; i < formatted.length; i++) {
    const char = formatted[i];
    if (char !== HIGHLIGHT_PRE_TAG && char !== HIGHLIGHT_POST_TAG) continue;
    const opens = char === HIGHLIGHT_PRE_TAG;
    if (opens === match) balanced = false;
    push(formatted.slice(start, i), match);
    match = opens;
    start = i + 1;
  }
  push(formatted.slice(start), match);
  if (match) balanced = false;
  const joined = parts.map((part) => part.text).join('');
  if (!balanced || joined !== original) return [{ text: original, match: false }];
  return parts.length > 0 ? parts : [{ text: original, match: false }];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Folded words of a text (lower case, no accents), as Meilisearch's tokenizer roughly sees them. */
export const foldedWords = (text: string): string[] => (fold(text).match(WORD) ?? []).filter(Boolean);

/** The query's words that count for matchLevel: its non-stopwords, or all of them when it has nothing else. */
export function queryTerms(query: string): string[] {
  const all = [...new Set(foldedWords(query))];
  const meaningful = all.filter((word) => !STOPWORDS.has(word));
  return meaningful.length > 0 ? meaningful : all;
}

function typoBudget(word: string): number {
  if (/\d/.test(word) || word.length < MIN_WORD_SIZE_FOR_TYPOS.oneTypo) return 0;
  return word.length < MIN_WORD_SIZE_FOR_TYPOS.twoTypos ? 1 : 2;
}

/** Optimal string alignment distance: a swap of neighbours ("recriuter") counts as one typo. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** A marked word stands for a query word when it is that word, a completion of it, or a typo of it. */
function standsFor(term: string, marked: string): boolean {
  if (marked === term || marked.startsWith(term)) return true;
  // A completed word may be marked only as far as it was typed ("Bookkee" of Bookkeeper).
  if (marked.length >= 2 && term.startsWith(marked)) return true;
  const budget = typoBudget(term);
  return (
    budget > 0 && Math.abs(term.length - marked.length) <= budget && editDistance(term, marked) <= budget
  );
}

/** Per query: its terms and, for each, the synonyms (as word lists) it brings in. */
export interface MatchContext {
  terms: string[];
  synonyms: Map<string, string[][]>;
}

let synonymsByWord: Map<string, Array<{ phrase: string[]; synonyms: string[][] }>> | undefined;

/** Synonym phrases indexed by each of their words, built once from the concept list. */
function synonymIndex() {
  if (!synonymsByWord) {
    synonymsByWord = new Map();
    for (const [phrase, synonyms] of Object.entries(meiliSynonyms())) {
      const entry = {
        phrase: foldedWords(phrase),
        synonyms: synonyms
          .map((synonym) => foldedWords(synonym).filter((word) => !STOPWORDS.has(word)))
          .filter((words) => words.length > 0),
      };
      for (const word of new Set(entry.phrase)) {
        const list = synonymsByWord.get(word) ?? [];
        list.push(entry);
        synonymsByWord.set(word, list);
      }
    }
  }
  return synonymsByWord;
}

export function matchContext(query: string): MatchContext {
  const terms = queryTerms(query);
  const present = new Set(foldedWords(query));
  const synonyms = new Map<string, string[][]>();
  for (const term of terms) {
    const list: string[][] = [];
    for (const entry of synonymIndex().get(term) ?? []) {
      // Meilisearch applies a phrase's synonyms only when the query holds the whole phrase.
      if (entry.phrase.every((word) => present.has(word))) list.push(...entry.synonyms);
    }
    synonyms.set(term, list);
  }
  return { terms, synonyms };
}

/**
 * Which query words a field matched, and how fully. A query word counts when a marked word stands
 * for it, or when every word of one of its synonyms is marked ("accounting" → Bookkeeper). A marked
 * word no query word explains still makes the field a partial match.
 */
export function describeMatch(
  parts: Parts,
  context: MatchContext,
): Pick<Highlight, 'matchedWords' | 'matchLevel'> {
  const marked = new Set(parts.filter((part) => part.match).flatMap((part) => foldedWords(part.text)));
  if (marked.size === 0) return { matchedWords: [], matchLevel: 'none' };
  const markedWords = [...marked];
  const matchedWords = context.terms.filter(
    (term) =>
      markedWords.some((word) => standsFor(term, word)) ||
      (context.synonyms.get(term) ?? []).some((synonym) => synonym.every((word) => marked.has(word))),
  );
  const full = context.terms.length > 0 && matchedWords.length === context.terms.length;
  return { matchedWords, matchLevel: full ? 'full' : 'partial' };
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * The marks people are shown, as the embedded engine makes them (embedded/highlight.ts): only
 * words that stand for a word typed (the same word, a typo of it, the completion of the word being
 * typed; not a synonym), each as a whole word (a completed prefix is widened to its word, a mark
 * inside a longer word is dropped), and nothing in the category, a label the person did not type.
 */
export function typedMarks(parts: Parts, context: MatchContext, field: HighlightFieldName): Parts {
  const text = parts.map((part) => part.text).join('');
  const ranges: Array<[number, number]> = [];
  let offset = 0;
  for (const part of parts) {
    const start = offset;
    offset += part.text.length;
    if (!part.match || field === 'category') continue;
    let from = start;
    let to = offset;
    while (from > 0 && LETTER.test(text[from - 1]!)) from -= 1;
    while (to < text.length && LETTER.test(text[to]!)) to += 1;
    const marked = foldedWords(part.text);
    const whole = foldedWords(text.slice(from, to));
    // Inside a longer word: kept (widened) only as the beginning of the word being typed (the last).
    const typing = context.terms[context.terms.length - 1];
    if (from < start || (to > offset && !(typing && whole.some((word) => word.startsWith(typing))))) continue;
    if (!marked.some((word) => context.terms.some((term) => standsFor(term, word)))) continue;
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  const out: Parts = [];
  let cursor = 0;
  for (const [from, to] of ranges) {
    if (from > cursor) out.push({ text: text.slice(cursor, from), match: false });
    out.push({ text: text.slice(from, to), match: true });
    cursor = to;
  }
  if (cursor < text.length || out.length === 0) out.push({ text: text.slice(cursor), match: false });
  return out;
}

/** Every highlight field of a hit, from its `_formatted` copy (a field missing there is unmarked). */
export function highlightDocument(
  document: SearchDocument,
  formatted: Partial<Record<string, unknown>> | undefined,
  context: MatchContext,
): Partial<Record<HighlightFieldName, Highlight>> {
  const result: Partial<Record<HighlightFieldName, Highlight>> = {};
  for (const field of HIGHLIGHT_FIELDS) {
    const original = String(document[field] ?? '');
    const marked = formatted?.[field];
    const parts = highlightParts(typeof marked === 'string' ? marked : original, original);
    // What matched is worked out from all of Meilisearch's marks; what is shown, from the typed ones.
    result[field] = { parts: typedMarks(parts, context, field), ...describeMatch(parts, context) };
  }
  return result;
}
