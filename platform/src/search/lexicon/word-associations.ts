import { gunzipSync } from 'node:zlib';
import file from './word-associations.json';

// Words associated with a word by general English usage: its nearest words by GloVe vectors among
// a catalog's words, with the cosine in hundredths. Distilled by `npm run lexicon:associations`
// (scripts/src/lexicon/distil-associations-main.ts); read on first use.

export interface Association {
  word: string;
  /** Cosine of the two words' GloVe vectors, 0 to 1. */
  similarity: number;
}

export interface WordAssociations {
  /** The word's associations, nearest first (none for a word past the list). */
  of(word: string): readonly Association[];
}

interface AssociationsFile {
  associationsGzipBase64: string;
}

let shared: WordAssociations | undefined;

/**
 * Replaces the associations read by the `associations` switch (undefined: the shipped file again):
 * how an evaluation tries associations from another source (scripts/src/eval/ranker/sentence-embedding-main.ts).
 */
export function useWordAssociations(associations: WordAssociations | undefined): void {
  shared = associations;
}

export function wordAssociations(): WordAssociations {
  if (!shared) {
    const text = gunzipSync(
      Buffer.from((file as AssociationsFile).associationsGzipBase64, 'base64'),
    ).toString('utf8');
    shared = associationsOf(text);
  }
  return shared;
}

/** Associations from lines "word neighbour:hundredths …" (the file's format; tests). */
export function associationsOf(text: string): WordAssociations {
  const byWord = new Map<string, Association[]>();
  for (const line of text.split('\n')) {
    const [word, ...neighbours] = line.split(' ');
    if (!word || neighbours.length === 0) continue;
    byWord.set(
      word,
      neighbours.map((entry) => {
        const [neighbour, hundredths] = entry.split(':');
        return { word: neighbour!, similarity: Number(hundredths) / 100 };
      }),
    );
  }
  return {
    of: (word) => {
      for (const base of baseForms(word)) {
        const found = byWord.get(base);
        if (found) return found;
      }
      return [];
    },
  };
}

/** WordNet's rules of detachment (its "morphy"): a word, then the bases its endings allow. */
const DETACH: Array<[string, string]> = [
  ['ies', 'y'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['es', 'e'],
  ['es', ''],
  ['s', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
];

export function baseForms(word: string): string[] {
  const forms = [word];
  for (const [ending, base] of DETACH) {
    if (word.length > ending.length + 2 && word.endsWith(ending))
      forms.push(word.slice(0, -ending.length) + base);
  }
  return forms;
}
