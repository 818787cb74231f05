// One term's postings: document numbers (ascending: documents only ever get new numbers) and the
// term's BM25F contribution already saturated, twice: as a literal query word (every field at its
// weight) and as a derived word (synonym, completion, correction), where the name field counts
// little. Two typed arrays per term (a document number with its sign bit set marks a term found
// in the name; values interleave literal and derived) keep 100k documents small and GC-light.

export class Postings {
  /** Document number, or its bitwise complement when the term is in the document's name. */
  entries = new Int32Array(2);
  /** values[2i] literal, values[2i + 1] derived. */
  values = new Float32Array(4);
  length = 0;

  /** Postings built in one go (bulk loads) from plain arrays: exact-size typed arrays, no regrowth. */
  static from(entries: number[], values: number[]): Postings {
    const postings = new Postings();
    postings.entries = Int32Array.from(entries);
    postings.values = Float32Array.from(values);
    postings.length = entries.length;
    return postings;
  }

  push(doc: number, literal: number, derived: number, inName: boolean): void {
    if (this.length === this.entries.length) this.grow();
    this.entries[this.length] = inName ? ~doc : doc;
    this.values[2 * this.length] = literal;
    this.values[2 * this.length + 1] = derived;
    this.length += 1;
  }

  private grow(): void {
    const entries = new Int32Array(Math.max(2, this.entries.length * 2));
    entries.set(this.entries);
    const values = new Float32Array(Math.max(4, this.values.length * 2));
    values.set(this.values);
    this.entries = entries;
    this.values = values;
  }
}
