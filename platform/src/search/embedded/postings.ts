// One term's postings: document numbers (ascending: documents only ever get new numbers) and the
// term's BM25F contribution already saturated, twice: as a literal query word (every field at its
// weight) and as a derived word (synonym, completion, correction), where the name field counts
// little. A document number with its sign bit set marks a term found in the name; values
// interleave literal and derived.

/** What the scorer reads of one term's postings. */
export interface PostingList {
  /** Document number, or its bitwise complement when the term is in the document's name. */
  readonly entries: Int32Array;
  /** values[2i] literal, values[2i + 1] derived. */
  readonly values: Float32Array;
  readonly length: number;
}

/** Postings that grow: a term met after the index was compacted, or one that gained documents since. */
export class Postings implements PostingList {
  entries: Int32Array;
  values: Float32Array;
  length: number;

  /** Starts as a copy of `from` (a compacted term's postings) with room to grow. */
  constructor(from?: PostingList) {
    const length = from?.length ?? 0;
    this.entries = new Int32Array(Math.max(2, length * 2));
    this.values = new Float32Array(Math.max(4, length * 4));
    if (from) {
      this.entries.set(from.entries.subarray(0, length));
      this.values.set(from.values.subarray(0, 2 * length));
    }
    this.length = length;
  }

  push(doc: number, literal: number, derived: number, inName: boolean): void {
    if (this.length === this.entries.length) this.grow();
    this.entries[this.length] = inName ? ~doc : doc;
    this.values[2 * this.length] = literal;
    this.values[2 * this.length + 1] = derived;
    this.length += 1;
  }

  private grow(): void {
    const entries = new Int32Array(this.entries.length * 2);
    entries.set(this.entries);
    const values = new Float32Array(this.values.length * 2);
    values.set(this.values);
    this.entries = entries;
    this.values = values;
  }
}
