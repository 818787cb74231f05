import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { words } from '../analysis/tokenize';
import { CONCEPTS } from './concepts';

// Concept phrases turned into stem sequences once, indexed by their first stem for matching.

export interface CompiledPhrase {
  stems: string[];
  concepts: number[];
  /** Per concept, the phrases as written (glue words dropped), to prefer exact wording over stems. */
  surfaces: Map<number, Set<string>>;
}

export interface CompiledConcepts {
  /** Phrases by first stem, longest first. */
  byFirstStem: Map<string, CompiledPhrase[]>;
  /** The stem sequences of each concept's phrases. */
  phrasesOf: string[][][];
  /** Every stem any concept mentions (so a concept word is never "corrected" as a typo). */
  stems: Set<string>;
  /** One-word phrases as written, with their concepts (a brand name that starts with one borrows it). */
  singleWords: Map<string, number[]>;
}

/** Stop words a phrase can lose without changing what it means ("audio to text", "answer my calls"). */
const GLUE = new Set([
  'to',
  'the',
  'a',
  'an',
  'of',
  'for',
  'my',
  'your',
  'our',
  'and',
  'with',
  'in',
  'on',
  'at',
  'by',
]);

/**
 * Stems of a phrase without its glue words; null when it holds another stop word ("no code"
 * would become "code"): the index keeps no stop words, so such a phrase cannot be matched.
 */
export function phraseStems(phrase: string): string[] | null {
  const all = words(phrase);
  if (all.some((word) => STOPWORDS.has(word) && !GLUE.has(word))) return null;
  const kept = all.filter((word) => !STOPWORDS.has(word)).map(stem);
  if (kept.length === 0 || (all.length >= 3 && kept.length === 1)) return null;
  return kept;
}

/** A phrase's folded words without stop words, as typed (not stemmed). */
export function surfaceKey(phrase: string): string {
  return words(phrase)
    .filter((word) => !STOPWORDS.has(word))
    .join(' ');
}

export function compileConcepts(concepts: string[][] = CONCEPTS): CompiledConcepts {
  const byKey = new Map<string, CompiledPhrase>();
  const phrasesOf: string[][][] = [];
  const stems = new Set<string>();
  const singleWords = new Map<string, number[]>();
  concepts.forEach((group, conceptIndex) => {
    const compiled: string[][] = [];
    for (const phrase of group) {
      const sequence = phraseStems(phrase);
      if (!sequence) continue;
      compiled.push(sequence);
      for (const s of sequence) stems.add(s);
      const key = sequence.join(' ');
      const entry: CompiledPhrase = byKey.get(key) ?? { stems: sequence, concepts: [], surfaces: new Map() };
      if (!entry.concepts.includes(conceptIndex)) entry.concepts.push(conceptIndex);
      const surface = surfaceKey(phrase);
      if (!surface.includes(' '))
        singleWords.set(surface, [...(singleWords.get(surface) ?? []), conceptIndex]);
      entry.surfaces.set(conceptIndex, (entry.surfaces.get(conceptIndex) ?? new Set()).add(surface));
      byKey.set(key, entry);
    }
    phrasesOf.push(compiled);
  });
  const byFirstStem = new Map<string, CompiledPhrase[]>();
  for (const entry of byKey.values()) {
    const list = byFirstStem.get(entry.stems[0]!) ?? [];
    list.push(entry);
    byFirstStem.set(entry.stems[0]!, list);
  }
  for (const list of byFirstStem.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return { byFirstStem, phrasesOf, stems, singleWords };
}

let shared: CompiledConcepts | undefined;
export const defaultConcepts = () => (shared ??= compileConcepts());
