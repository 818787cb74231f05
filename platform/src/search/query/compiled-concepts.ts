import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { words } from '../analysis/tokenize';
import { CONCEPTS } from './concepts';

// Concept phrases turned into stem sequences once, indexed by their first stem for matching.

export interface CompiledPhrase {
  stems: string[];
  concepts: number[];
}

export interface CompiledConcepts {
  /** Phrases by first stem, longest first. */
  byFirstStem: Map<string, CompiledPhrase[]>;
  /** The stem sequences of each concept's phrases. */
  phrasesOf: string[][][];
  /** Every stem any concept mentions (so a concept word is never "corrected" as a typo). */
  stems: Set<string>;
}

/** Stems of a phrase without stop words; null when dropping them would change what it means. */
export function phraseStems(phrase: string): string[] | null {
  const all = words(phrase);
  const kept = all.filter((word) => !STOPWORDS.has(word)).map(stem);
  if (
    kept.length === 0 ||
    (all.length > 1 && kept.length * 2 < all.length) ||
    (all.length >= 3 && kept.length === 1)
  )
    return null;
  return kept;
}

export function compileConcepts(concepts: string[][] = CONCEPTS): CompiledConcepts {
  const byKey = new Map<string, CompiledPhrase>();
  const phrasesOf: string[][][] = [];
  const stems = new Set<string>();
  concepts.forEach((group, conceptIndex) => {
    const compiled: string[][] = [];
    for (const phrase of group) {
      const sequence = phraseStems(phrase);
      if (!sequence) continue;
      compiled.push(sequence);
      for (const s of sequence) stems.add(s);
      const key = sequence.join(' ');
      const entry = byKey.get(key) ?? { stems: sequence, concepts: [] };
      if (!entry.concepts.includes(conceptIndex)) entry.concepts.push(conceptIndex);
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
  return { byFirstStem, phrasesOf, stems };
}

let shared: CompiledConcepts | undefined;
export const defaultConcepts = () => (shared ??= compileConcepts());
