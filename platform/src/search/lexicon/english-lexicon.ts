import { isAscii } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import file from './english-words.json';

// How common an English word is: its rank among the 100,000 most frequent plain words of GloVe's
// vocabulary (0 = "the"), to within a fifth, or undefined past them. Distilled by
// `npm run lexicon:distil` (scripts/src/lexicon/): the words in alphabetical order and a byte per
// word for its rank, read on first use (about 20 ms) and looked up in the decoded text.

export interface Lexicon {
  /** About 0 for the most frequent words; undefined for a word past the list (rare, misspelt or made up). */
  rank(word: string): number | undefined;
}

/** A rank as one byte: four steps per power of two. */
export const rankBucket = (rank: number) => Math.min(255, Math.round(4 * Math.log2(rank + 1)));
const bucketRank = (bucket: number) => 2 ** (bucket / 4) - 1;

class SortedLexicon implements Lexicon {
  constructor(
    /** Alphabetical. */
    private readonly words: string[],
    private readonly buckets: Uint8Array,
  ) {}

  rank(word: string): number | undefined {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const candidate = this.words[middle]!;
      if (candidate === word) return bucketRank(this.buckets[middle]!);
      if (candidate < word) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }
}

/**
 * The distilled list as it is decoded: its words left in one ASCII text and looked up there.
 * Split into 100,000 strings, it cost the first search (or the warm-up of a serving thread that
 * loads an index) 47 ms of splitting alone at load 8, allocation being dear on this project's
 * machines (issue 24's lost mirror: 113 ms for the whole decode).
 */
class TextLexicon implements Lexicon {
  constructor(
    /** Alphabetical ASCII words, each ended by a newline. */
    private readonly text: Uint8Array,
    /** Where each word begins in `text`, and past the last, where one more would. */
    private readonly starts: Int32Array,
    private readonly buckets: Uint8Array,
  ) {}

  rank(word: string): number | undefined {
    let low = 0;
    let high = this.buckets.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = this.compare(middle, word);
      if (order === 0) return bucketRank(this.buckets[middle]!);
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }

  /** The word at `index` against `word`, as JavaScript orders strings (by UTF-16 unit; the words are ASCII). */
  private compare(index: number, word: string): number {
    const start = this.starts[index]!;
    const length = this.starts[index + 1]! - 1 - start;
    const common = Math.min(length, word.length);
    for (let i = 0; i < common; i++) {
      const difference = this.text[start + i]! - word.charCodeAt(i);
      if (difference !== 0) return difference;
    }
    return length - word.length;
  }
}

interface LexiconFile {
  wordsGzipBase64: string;
  rankBucketsGzipBase64: string;
}

let shared: Lexicon | undefined;

export function englishLexicon(): Lexicon {
  if (!shared) {
    const { wordsGzipBase64, rankBucketsGzipBase64 } = file as LexiconFile;
    const text = gunzipSync(Buffer.from(wordsGzipBase64, 'base64'));
    const buckets = new Uint8Array(gunzipSync(Buffer.from(rankBucketsGzipBase64, 'base64')));
    shared = lexiconOfText(text, buckets);
  }
  return shared;
}

/** The list's words (newline-separated, alphabetical, ASCII) looked up where they lie. */
export function lexiconOfText(text: Uint8Array, buckets: Uint8Array): Lexicon {
  if (!isAscii(text)) throw new Error('english-words.json: a word beyond ASCII');
  const starts = new Int32Array(buckets.length + 1);
  let count = 1;
  for (let i = 0; i < text.length; i++)
    if (text[i] === 10 && count <= buckets.length) starts[count++] = i + 1;
  // The last word has no newline after it: one is assumed past the end.
  if (count === buckets.length) starts[count++] = text.length + 1;
  if (count !== buckets.length + 1 || starts[buckets.length] !== text.length + 1)
    throw new Error('english-words.json: words and ranks differ in number');
  return new TextLexicon(text, starts, buckets);
}

/** A lexicon of the given words, most frequent first (tests). */
export function lexiconOf(inRankOrder: string[]): Lexicon {
  const sorted = [...inRankOrder].sort();
  const rankOf = new Map(inRankOrder.map((word, rank) => [word, rank]));
  return new SortedLexicon(
    sorted,
    Uint8Array.from(sorted, (word) => rankBucket(rankOf.get(word)!)),
  );
}
