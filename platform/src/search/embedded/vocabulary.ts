import { STOPWORDS } from '../analysis/stopwords';
import type { Vocabulary } from '../query/plan';
import type { StemTable } from './stem-table';
import { StringIds } from './string-ids';

// Every indexed surface word, with its stem and how many documents use it: typo corrections and
// completions come from here. Words have ids in the order they were first met; what the index
// keeps per word (its stem, whether it is a stop word, how many documents use it) sits in typed
// arrays by id rather than in an object per word, and indexing looks each token up once.

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

/** What a snapshot keeps of the vocabulary (see WordVocabulary.image). */
export interface VocabularyImage {
  words: string[];
  /** The words' lookup table (string-ids.ts). */
  slots: Int32Array;
  stemOf: Int32Array;
  count: Int32Array;
  stop: Uint8Array;
  /** Word ids by length, ascending within a length: those of length L are [lengthStarts[L], lengthStarts[L + 1]). */
  byLength: Int32Array;
  lengthStarts: Int32Array;
  /** Word ids in the words' order, when the sorted list had been built. */
  sorted: Int32Array | null;
}

/** Word ids by length, as a snapshot keeps them (see VocabularyImage). */
interface LengthBuckets {
  byLength: Int32Array;
  lengthStarts: Int32Array;
}

const NO_BUCKETS: LengthBuckets = { byLength: new Int32Array(0), lengthStarts: new Int32Array(1) };

export class WordVocabulary {
  private words: string[] = [];
  private ids = StringIds.empty((id) => this.words[id]!);
  /** Per word id: its stem's id, the documents using it, 1 for a stop word, the last document seen. */
  stemOf: Int32Array = new Int32Array(1024);
  count: Int32Array = new Int32Array(1024);
  stop: Uint8Array = new Uint8Array(1024);
  lastDoc: Int32Array = new Int32Array(1024).fill(-1);
  /**
   * Word ids by word length, in the order the words were met (corrections scan these): those a
   * snapshot held, then those met since.
   */
  private loadedByLength: LengthBuckets = NO_BUCKETS;
  private readonly byLength = new Map<number, number[]>();
  /**
   * Word ids sorted by word (completions); built on first need. A snapshot's list is read where it
   * lies and made an array only when a word is put into it (made one at load, its 120,000 ids took
   * the serving thread 52-320 ms at load 14 on this project's machines, issue 24's lost mirror).
   */
  private sorted: number[] | Int32Array | null = null;
  private readonly correctionCache = new Map<
    string,
    Array<{ word: string; stem: string; distance: number }>
  >();

  constructor(private readonly stems: StemTable) {}

  get size(): number {
    return this.words.length;
  }

  idOf(word: string): number {
    return this.ids.get(word);
  }

  wordOf(id: number): string {
    return this.words[id]!;
  }

  /** A word never seen before, with its stem's id: remembered for corrections and completions. */
  register(word: string, stemId: number): number {
    const id = this.words.length;
    if (id === this.stemOf.length) this.growTo(id * 2);
    this.words.push(word);
    this.ids.set(word, id);
    this.stemOf[id] = stemId;
    this.stop[id] = STOPWORDS.has(word) ? 1 : 0;
    this.lastDoc[id] = -1;
    const bucket = this.byLength.get(word.length);
    if (bucket) bucket.push(id);
    else this.byLength.set(word.length, [id]);
    // Once built, the sorted list takes new words in place: re-sorting every word after each write
    // cost the next query ~25 ms at 100k agents. A bulk load leaves it unbuilt until prepare().
    if (this.sorted) {
      const at = this.lowerBound(word);
      this.sortedList().splice(at, 0, id);
    }
    if (this.correctionCache.size > 0) this.correctionCache.clear();
    return id;
  }

  private growTo(size: number): void {
    const grow = <T extends Int32Array | Uint8Array>(array: T, fill = 0): T => {
      const copy = new (array.constructor as new (length: number) => T)(size);
      if (fill !== 0) copy.fill(fill);
      copy.set(array);
      return copy;
    };
    this.stemOf = grow(this.stemOf);
    this.count = grow(this.count);
    this.stop = grow(this.stop);
    this.lastDoc = grow(this.lastDoc, -1);
  }

  /** Builds the sorted word list for completions (after a bulk load, before the first query). */
  prepare(): void {
    if (this.sorted) return;
    const words = this.words;
    this.sorted = Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
  }

  /** The sorted ids as an array that takes new words (a snapshot's list copied once, on the first). */
  private sortedList(): number[] {
    const sorted = this.sorted!;
    if (Array.isArray(sorted)) return sorted;
    const list: number[] = [];
    for (let i = 0; i < sorted.length; i++) list.push(sorted[i]!);
    this.sorted = list;
    return list;
  }

  /** The first position in the sorted list whose word is not below `word`. */
  private lowerBound(word: string): number {
    const sorted = this.sorted!;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[sorted[middle]!]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  asVocabulary(): Vocabulary {
    return {
      documentFrequency: (stem) => this.stems.frequency(this.stems.idOf(stem)),
      corrections: (word, maxDistance) => this.corrections(word, maxDistance),
      completions: (prefix, limit) => this.completions(prefix, limit),
      hasWord: (word) => {
        const id = this.ids.get(word);
        return id >= 0 && this.count[id]! > 0;
      },
    };
  }

  corrections(word: string, maxDistance: number): Array<{ word: string; stem: string; distance: number }> {
    const key = `${maxDistance}:${word}`;
    const cached = this.correctionCache.get(key);
    if (cached) return cached;
    const found: Array<{ word: string; stem: string; distance: number; count: number }> = [];
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
      for (const ids of this.idsOfLength(length)) {
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          const candidate = this.words[id]!;
          // A typo rarely hits the first letter; requiring it keeps corrections sane and the scan short.
          if (candidate[0] !== word[0] && maxDistance < 2) continue;
          const distance = boundedDistance(word, candidate, maxDistance);
          if (distance <= maxDistance && this.count[id]! > 0) {
            const stem = this.stems.textOf(this.stemOf[id]!);
            found.push({ word: candidate, stem, distance, count: this.count[id]! });
          }
        }
      }
    }
    found.sort((a, b) => a.distance - b.distance || b.count - a.count);
    const result = found.slice(0, 5).map(({ word: w, stem, distance }) => ({ word: w, stem, distance }));
    if (this.correctionCache.size > 5000) this.correctionCache.clear();
    this.correctionCache.set(key, result);
    return result;
  }

  /** The ids of the words of this length, in the order they were met: two lists to read in turn. */
  private idsOfLength(length: number): [Int32Array, readonly number[]] {
    const { byLength, lengthStarts } = this.loadedByLength;
    const loaded =
      length >= 0 && length + 1 < lengthStarts.length
        ? byLength.subarray(lengthStarts[length]!, lengthStarts[length + 1]!)
        : NO_BUCKETS.byLength;
    return [loaded, this.byLength.get(length) ?? []];
  }

  completions(prefix: string, limit: number): Array<{ word: string; stem: string }> {
    this.prepare();
    const sorted = this.sorted!;
    const low = this.lowerBound(prefix);
    const matches: Array<{ word: string; stem: string; count: number }> = [];
    for (let i = low; i < sorted.length; i++) {
      const id = sorted[i]!;
      const word = this.words[id]!;
      if (!word.startsWith(prefix)) break;
      if (word !== prefix && this.count[id]! > 0)
        matches.push({ word, stem: this.stems.textOf(this.stemOf[id]!), count: this.count[id]! });
      if (matches.length > 2000) break;
    }
    matches.sort((a, b) => b.count - a.count);
    return matches.slice(0, limit).map(({ word, stem }) => ({ word, stem }));
  }

  image(): VocabularyImage {
    const size = this.words.length;
    // Word ids grouped by length, each group in id order (the order the words were met).
    let longest = 0;
    for (const word of this.words) longest = Math.max(longest, word.length);
    const lengthStarts = new Int32Array(longest + 2);
    for (const word of this.words) lengthStarts[word.length + 1]! += 1;
    for (let length = 1; length < lengthStarts.length; length++)
      lengthStarts[length]! += lengthStarts[length - 1]!;
    const next = lengthStarts.slice(0, longest + 1);
    const byLength = new Int32Array(size);
    for (let id = 0; id < size; id++) byLength[next[this.words[id]!.length]!++] = id;
    return {
      words: this.words,
      slots: this.ids.image(),
      stemOf: this.stemOf.subarray(0, size),
      count: this.count.subarray(0, size),
      stop: this.stop.subarray(0, size),
      byLength,
      lengthStarts,
      sorted: this.sorted ? Int32Array.from(this.sorted) : null,
    };
  }

  /** Restores a vocabulary from image(), taking its lists and lookup tables as they are. */
  static fromImage(stems: StemTable, image: VocabularyImage): WordVocabulary {
    const vocabulary = new WordVocabulary(stems);
    const size = image.words.length;
    vocabulary.growTo(Math.max(1024, size));
    vocabulary.stemOf.set(image.stemOf);
    vocabulary.count.set(image.count);
    vocabulary.stop.set(image.stop);
    vocabulary.words = image.words;
    vocabulary.ids = StringIds.fromImage((id) => vocabulary.words[id]!, image.slots);
    vocabulary.loadedByLength = { byLength: image.byLength, lengthStarts: image.lengthStarts };
    vocabulary.sorted = image.sorted;
    return vocabulary;
  }
}
