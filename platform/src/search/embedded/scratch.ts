import { CoverageMemory } from './coverage-table';
import { GROUP_MEMORY, type GroupScores } from './group-scores';
import { PhraseMatches } from './phrase-matches';
import { PostingsMemory } from './postings-memory';

// Per-query accumulators, allocated once and reused: a search touches a few thousand documents
// of perhaps a hundred thousand, so clearing only what was touched keeps each query cheap.
// JavaScript runs one search at a time, so one scratch per index is safe.

export class Scratch {
  total = new Float32Array(0);
  groupBest = new Float32Array(0);
  /** Sum of every alternative's score in the current group (for the soft OR). */
  groupSum = new Float32Array(0);
  matchMask = new Uint32Array(0);
  /** 1 where a literal query word matched the document's name: only those get name checks. */
  nameHit = new Uint8Array(0);
  touched = new Int32Array(0);
  touchedCount = 0;
  groupTouched = new Int32Array(0);
  groupTouchedCount = 0;
  /**
   * Hits and their scores, reused by every query: two sets, because a search for a named product
   * ranks a second plan (its alternatives) while the first ranking is still in use. Allocating
   * these per query would churn hundreds of kilobytes of memory outside the JavaScript heap.
   */
  hits = [new Int32Array(0), new Int32Array(0)] as [Int32Array, Int32Array];
  hitScores = [new Float32Array(0), new Float32Array(0)] as [Float32Array, Float32Array];
  /** Marks documents already counted when two hit lists are merged. */
  seen = new Uint8Array(0);
  /**
   * The documents of a search's ranking window hold that search's stamp (beginWindow), and
   * windowMatch says whether each meets the match floor: every hit is checked against the window
   * with one array read, and a new search clears nothing.
   */
  windowStamps = new Uint32Array(0);
  windowMatch = new Uint8Array(0);
  private windowGeneration = 0;
  /** The coverage table's entries (coverage-table.ts), kept between searches. */
  readonly coverage = new CoverageMemory();
  /** A query's first-tier weight per mask (rank-plan.ts firstTierWeights), up to 8 groups. */
  readonly tierWeights = new Float64Array(1 << 8);
  /** Where each phrase's words meet, kept between searches while their postings stay the same. */
  readonly phrases = new PhraseMatches();
  /** Each group of several readings' scores, kept between searches while their postings stay the same (scorer.ts). */
  readonly groups = new PostingsMemory<GroupScores>({
    get maxSize() {
      return GROUP_MEMORY.maxDocuments;
    },
    get maxKeys() {
      return GROUP_MEMORY.maxGroups;
    },
  });

  /** Each word's highest literal and derived posting values (bounded-rank.ts), kept the same way. */
  readonly postingMaxima = new PostingsMemory<[number, number]>({ maxSize: 1_000_000, maxKeys: 100_000 });

  ensure(capacity: number): void {
    if (this.total.length >= capacity) return;
    const size = Math.max(capacity, this.total.length * 2, 1024);
    this.total = new Float32Array(size);
    this.groupBest = new Float32Array(size);
    this.groupSum = new Float32Array(size);
    this.matchMask = new Uint32Array(size);
    this.nameHit = new Uint8Array(size);
    this.touched = new Int32Array(size);
    this.groupTouched = new Int32Array(size);
    this.hits = [new Int32Array(size), new Int32Array(size)];
    this.hitScores = [new Float32Array(size), new Float32Array(size)];
    this.seen = new Uint8Array(size);
    this.windowStamps = new Uint32Array(size);
    this.windowMatch = new Uint8Array(size);
  }

  /** A stamp no document holds yet, for the window of the search that asks. */
  beginWindow(): number {
    this.windowGeneration += 1;
    if (this.windowGeneration === 0xffffffff) {
      this.windowStamps.fill(0);
      this.windowGeneration = 1;
    }
    return this.windowGeneration;
  }

  /** Zeroes what the last query wrote. */
  reset(): void {
    if (this.touchedCount * 8 > this.total.length) {
      // A query that touched much of the catalog: zeroing whole arrays in order is quicker than
      // tens of thousands of scattered writes.
      this.total.fill(0);
      this.matchMask.fill(0);
      this.nameHit.fill(0);
      this.touchedCount = 0;
      return;
    }
    for (let i = 0; i < this.touchedCount; i++) {
      const doc = this.touched[i]!;
      this.total[doc] = 0;
      this.matchMask[doc] = 0;
      this.nameHit[doc] = 0;
    }
    this.touchedCount = 0;
  }
}
