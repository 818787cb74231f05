import { doubled } from './doubled';

/**
 * Every document's stems in text order as stem ids, fields separated by -1 and stop words left
 * out, in one pool: the word-order check reads them instead of re-tokenising text. Numbers are
 * never reused, so a document's slice stays valid; a rebuild drops the slices of removed ones.
 */
export class WordSequences {
  pool: Int32Array = new Int32Array(1 << 16);
  /** How much of the pool is written. */
  used = 0;
  /** Where each document's slice starts and ends in the pool, by document number. */
  start: Int32Array = new Int32Array(1024);
  end: Int32Array = new Int32Array(1024);

  append(id: number): void {
    if (this.used === this.pool.length) {
      const pool = new Int32Array(this.pool.length * 2);
      pool.set(this.pool);
      this.pool = pool;
    }
    this.pool[this.used++] = id;
  }

  /** The document's stem ids in text order, fields separated by -1 (a view, not a copy). */
  of(number: number): Int32Array {
    return this.pool.subarray(this.start[number]!, this.end[number]!);
  }

  /** Room for twice as many documents (with the index's other per-document arrays). */
  grow(): void {
    this.start = doubled(this.start);
    this.end = doubled(this.end);
  }

  /** The sequences an index image holds (IndexImage.sequencePool, sequenceStart, sequenceEnd). */
  static fromImage(pool: Int32Array, start: Int32Array, end: Int32Array): WordSequences {
    const sequences = new WordSequences();
    sequences.pool = pool;
    sequences.used = pool.length;
    sequences.start = start;
    sequences.end = end;
    return sequences;
  }
}
