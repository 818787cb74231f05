import { doubled } from './doubled';
import { INDEXED_FIELDS, type IndexedField } from './fields';

/** Each field's place among a document's fields (INDEXED_FIELDS order), in a sequence as in analyse()'s lists. */
export const FIELD_INDEX = Object.fromEntries(INDEXED_FIELDS.map((field, f) => [field, f])) as Readonly<
  Record<IndexedField, number>
>;

/**
 * Each stem id of a document's sequence (WordSequences.of) in fields `from` to `to` (FIELD_INDEX
 * places, both included), in text order, repeats included, passed to `visit` with its field's place.
 */
export function eachFieldStem(
  sequence: Int32Array,
  from: number,
  to: number,
  visit: (id: number, field: number) => void,
): void {
  let field = 0;
  for (let i = 0; i < sequence.length; i++) {
    const id = sequence[i]!;
    if (id === -1) {
      field += 1;
      if (field > to) return;
      continue;
    }
    if (field >= from) visit(id, field);
  }
}

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
