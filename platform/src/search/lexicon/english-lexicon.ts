import { gunzipSync } from 'node:zlib';
import file from './english-words.json';

// How common an English word is: its rank among the 100,000 most frequent plain words of GloVe's
// vocabulary (0 = "the"), to within a fifth, or undefined past them. Distilled by
// `npm run lexicon:distil` (scripts/src/lexicon/): the words in alphabetical order and a byte per
// word for its rank, read on first use (about 20 ms, 4 MB).

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

interface LexiconFile {
  wordsGzipBase64: string;
  rankBucketsGzipBase64: string;
}

let shared: Lexicon | undefined;

export function englishLexicon(): Lexicon {
  if (!shared) {
    const { wordsGzipBase64, rankBucketsGzipBase64 } = file as LexiconFile;
    const words = gunzipSync(Buffer.from(wordsGzipBase64, 'base64')).toString('utf8').split('\n');
    const buckets = new Uint8Array(gunzipSync(Buffer.from(rankBucketsGzipBase64, 'base64')));
    if (words.length !== buckets.length)
      throw new Error('english-words.json: words and ranks differ in number');
    shared = new SortedLexicon(words, buckets);
  }
  return shared;
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
