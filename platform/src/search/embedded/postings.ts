// One term's postings: document numbers (ascending, as documents only ever get new numbers), the
// document's BM25F-normalised term weight, and which fields held the term. Typed arrays that grow
// by doubling keep 100k documents in tens of megabytes.

export class Postings {
  docs = new Int32Array(4);
  weights = new Float32Array(4);
  /** The part of `weights` that comes from the name field. */
  nameWeights = new Float32Array(4);
  fields = new Uint8Array(4);
  length = 0;

  push(doc: number, weight: number, nameWeight: number, fieldMask: number): void {
    if (this.length === this.docs.length) this.grow();
    this.docs[this.length] = doc;
    this.weights[this.length] = weight;
    this.nameWeights[this.length] = nameWeight;
    this.fields[this.length] = fieldMask;
    this.length += 1;
  }

  private grow(): void {
    const capacity = this.docs.length * 2;
    const docs = new Int32Array(capacity);
    docs.set(this.docs);
    const weights = new Float32Array(capacity);
    weights.set(this.weights);
    const nameWeights = new Float32Array(capacity);
    nameWeights.set(this.nameWeights);
    const fields = new Uint8Array(capacity);
    fields.set(this.fields);
    this.docs = docs;
    this.weights = weights;
    this.nameWeights = nameWeights;
    this.fields = fields;
  }
}
