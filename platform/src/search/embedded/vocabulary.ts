import type { Vocabulary } from '../query/plan';
import type { Postings } from './postings';

// Every indexed surface word, with its stem and how many documents use it: typo corrections and
// completions come from here. Indexing looks each token up once in this map; the entry carries
// what indexing needs next (stop word or not, the stem's postings, the last document seen) so no
// further lookups happen per token.

export interface StemEntry {
  stem: string;
  /** A small number for the stem, used in the documents' word sequences. */
  id: number;
  postings: Postings;
  /** Bookkeeping for the document being indexed. */
  lastDoc: number;
  slot: number;
}

export interface WordEntry {
  word: string;
  stemEntry: StemEntry;
  stop: boolean;
  /** Documents using the word. */
  count: number;
  lastDoc: number;
}

/** Optimal string alignment distance, giving up as soon as it must exceed max. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

export class WordVocabulary {
  readonly entries = new Map<string, WordEntry>();
  private readonly byLength = new Map<number, string[]>();
  private sorted: string[] | null = null;
  private readonly correctionCache = new Map<
    string,
    Array<{ word: string; stem: string; distance: number }>
  >();

  constructor(private readonly documentFrequencyOf: (stem: string) => number) {}

  /** A word that was never seen before: remember it for corrections and completions. */
  register(entry: WordEntry): void {
    this.entries.set(entry.word, entry);
    const bucket = this.byLength.get(entry.word.length);
    if (bucket) bucket.push(entry.word);
    else this.byLength.set(entry.word.length, [entry.word]);
    // Once built, the sorted list takes new words in place: re-sorting every word after each write
    // cost the next query ~25 ms at 100k agents. A bulk load leaves it unbuilt until prepare().
    if (this.sorted) this.sorted.splice(this.lowerBound(entry.word), 0, entry.word);
    if (this.correctionCache.size > 0) this.correctionCache.clear();
  }

  /** Builds the sorted word list for completions (after a bulk load, before the first query). */
  prepare(): void {
    this.sorted ??= [...this.entries.keys()].sort();
  }

  /** The first position in the sorted list whose word is not below `word`. */
  private lowerBound(word: string): number {
    const sorted = this.sorted!;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Counts a document using a known word (tests and small callers). */
  add(word: string, stem: string, makeEntry: (word: string, stem: string) => WordEntry): void {
    let entry = this.entries.get(word);
    if (!entry) {
      entry = makeEntry(word, stem);
      this.register(entry);
    }
    entry.count += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  asVocabulary(): Vocabulary {
    return {
      documentFrequency: this.documentFrequencyOf,
      corrections: (word, maxDistance) => this.corrections(word, maxDistance),
      completions: (prefix, limit) => this.completions(prefix, limit),
    };
  }

  corrections(word: string, maxDistance: number): Array<{ word: string; stem: string; distance: number }> {
    const key = `${maxDistance}:${word}`;
    const cached = this.correctionCache.get(key);
    if (cached) return cached;
    const found: Array<{ word: string; stem: string; distance: number; count: number }> = [];
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        // A typo rarely hits the first letter; requiring it keeps corrections sane and the scan short.
        if (candidate[0] !== word[0] && maxDistance < 2) continue;
        const distance = boundedDistance(word, candidate, maxDistance);
        if (distance <= maxDistance) {
          const entry = this.entries.get(candidate)!;
          if (entry.count > 0)
            found.push({ word: candidate, stem: entry.stemEntry.stem, distance, count: entry.count });
        }
      }
    }
    found.sort((a, b) => a.distance - b.distance || b.count - a.count);
    const result = found.slice(0, 5).map(({ word: w, stem, distance }) => ({ word: w, stem, distance }));
    if (this.correctionCache.size > 5000) this.correctionCache.clear();
    this.correctionCache.set(key, result);
    return result;
  }

  completions(prefix: string, limit: number): Array<{ word: string; stem: string }> {
    this.prepare();
    const sorted = this.sorted!;
    const low = this.lowerBound(prefix);
    const matches: Array<{ word: string; stem: string; count: number }> = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
      const entry = this.entries.get(sorted[i]!)!;
      if (sorted[i] !== prefix && entry.count > 0)
        matches.push({ word: sorted[i]!, stem: entry.stemEntry.stem, count: entry.count });
      if (matches.length > 2000) break;
    }
    matches.sort((a, b) => b.count - a.count);
    return matches.slice(0, limit).map(({ word, stem }) => ({ word, stem }));
  }
}
