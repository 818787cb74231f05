import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { words } from '../analysis/tokenize';
import type { QueryPlan } from '../query/plan';
import { INDEXED_FIELDS } from './fields';
import type { IndexedDocument } from './inverted-index';

// The index keeps no word positions, so a phrase matches wherever its words appear: "speech to
// text" would match "text-to-speech". For the few documents that reach the top of a ranking we
// check the order in the text itself.

const WINDOW = 3;

/**
 * The stems of each field, for the documents that reached the top of recent rankings: a bounded
 * cache, so a stream of different queries cannot grow it to the whole catalog.
 */
const SEQUENCE_CACHE_SIZE = 5000;
const sequenceCache = new Map<Pick<IndexedDocument, 'document'>, string[][]>();

function stemSequences(entry: Pick<IndexedDocument, 'document'>): string[][] {
  let sequences = sequenceCache.get(entry);
  if (sequences) {
    sequenceCache.delete(entry);
  } else {
    sequences = INDEXED_FIELDS.map((field) =>
      words(String(entry.document[field] ?? ''))
        .filter((word) => !STOPWORDS.has(word))
        .map(stem),
    );
    if (sequenceCache.size >= SEQUENCE_CACHE_SIZE) sequenceCache.delete(sequenceCache.keys().next().value!);
  }
  sequenceCache.set(entry, sequences);
  return sequences;
}

function inOrder(sequence: string[], phrase: string[]): boolean {
  for (let start = 0; start < sequence.length; start++) {
    if (sequence[start] !== phrase[0]) continue;
    let at = start;
    let ok = true;
    for (let k = 1; k < phrase.length && ok; k++) {
      const next = sequence.slice(at + 1, at + 1 + WINDOW).indexOf(phrase[k]!);
      if (next < 0) ok = false;
      else at += next + 1;
    }
    if (ok) return true;
  }
  return false;
}

/**
 * 1 when every literal phrase of the query that the document matches only through that phrase
 * appears in order; a penalty factor otherwise.
 */
export function phraseOrderFactor(
  entry: Pick<IndexedDocument, 'document'>,
  plan: QueryPlan,
  penalty: number,
): number {
  const phrases = plan.groups.flatMap((group) => {
    const literal = group.alternatives.find((a) => a.source === 'literal' && a.stems.length > 1);
    return literal ? [{ literal, others: group.alternatives.filter((a) => a !== literal) }] : [];
  });
  if (phrases.length === 0) return 1;
  const sequences = stemSequences(entry);
  const present = new Set(sequences.flat());
  let factor = 1;
  for (const { literal, others } of phrases) {
    if (!literal.stems.every((s) => present.has(s))) continue;
    if (
      others.some(
        (a) => a.stems.every((s) => present.has(s)) && a.stems.join() !== [...literal.stems].reverse().join(),
      )
    )
      continue;
    if (!sequences.some((sequence) => inOrder(sequence, literal.stems))) factor *= penalty;
  }
  return factor;
}
