import { type PostingList, Postings } from './postings';
import { StringIds } from './string-ids';

// Every stem of the index with its postings. After a bulk load (or a snapshot load) the postings
// of all stems sit in three flat typed arrays (compressed sparse rows: stem id -> a range), so that
// a 100,000-agent index holds a few large arrays instead of 300,000 small ones, each an object for
// the garbage collector to trace. A stem that gains a document afterwards (a write) moves its
// postings to a growable list of its own; queries read either through the same PostingList shape.

/** Flat postings of stems 0 .. offsets.length - 2: stem s owns entries [offsets[s], offsets[s + 1]). */
export interface CompactPostings {
  offsets: Uint32Array;
  entries: Int32Array;
  values: Float32Array;
}

/** What a snapshot keeps of the stems: by id, their lookup table (string-ids.ts), their postings. */
export interface StemTableImage {
  texts: string[];
  slots: Int32Array;
  postings: CompactPostings;
}

const EMPTY: CompactPostings = {
  offsets: new Uint32Array(1),
  entries: new Int32Array(0),
  values: new Float32Array(0),
};

export class StemTable {
  private texts: string[] = [];
  private ids = StringIds.empty((id) => this.texts[id]!);
  private compact: CompactPostings = EMPTY;
  /** Postings that grew since compaction, by stem id (most stay undefined). */
  private grown: Array<Postings | undefined> = [];
  /** Per stem, bookkeeping of the document being indexed (inverted-index.ts). */
  lastDoc: Int32Array = new Int32Array(1024).fill(-1);
  slot: Int32Array = new Int32Array(1024);

  get size(): number {
    return this.texts.length;
  }

  idOf(stem: string): number {
    return this.ids.get(stem);
  }

  textOf(id: number): string {
    return this.texts[id]!;
  }

  /** The stem's id, added when new. */
  add(stem: string): number {
    let id = this.ids.get(stem);
    if (id < 0) {
      id = this.texts.length;
      this.texts.push(stem);
      this.ids.set(stem, id);
      if (id >= this.lastDoc.length) {
        const lastDoc = new Int32Array(this.lastDoc.length * 2).fill(-1);
        lastDoc.set(this.lastDoc);
        this.lastDoc = lastDoc;
        const slot = new Int32Array(this.slot.length * 2);
        slot.set(this.slot);
        this.slot = slot;
      }
    }
    return id;
  }

  /** How many postings the stem has (documents that had it, removed ones included until a rebuild). */
  frequency(id: number): number {
    if (id < 0) return 0;
    const grown = this.grown[id];
    if (grown) return grown.length;
    const { offsets } = this.compact;
    return id + 1 < offsets.length ? offsets[id + 1]! - offsets[id]! : 0;
  }

  /** The stem's postings; a view for compacted ones (valid until the next write to the stem). */
  postings(id: number): PostingList | undefined {
    if (id < 0) return undefined;
    const grown = this.grown[id];
    if (grown) return grown;
    const { offsets, entries, values } = this.compact;
    if (id + 1 >= offsets.length) return undefined;
    const start = offsets[id]!;
    const end = offsets[id + 1]!;
    if (start === end) return undefined;
    return {
      entries: entries.subarray(start, end),
      values: values.subarray(2 * start, 2 * end),
      length: end - start,
    };
  }

  push(id: number, doc: number, literal: number, derived: number, inName: boolean): void {
    let grown = this.grown[id];
    if (!grown) {
      grown = new Postings(this.postings(id));
      this.grown[id] = grown;
    }
    grown.push(doc, literal, derived, inName);
  }

  /** Moves every stem's postings into the flat arrays (after a bulk load, before serving). */
  compactAll(): void {
    const count = this.texts.length;
    const offsets = new Uint32Array(count + 1);
    let total = 0;
    for (let id = 0; id < count; id++) {
      offsets[id] = total;
      total += this.frequency(id);
    }
    offsets[count] = total;
    const entries = new Int32Array(total);
    const values = new Float32Array(2 * total);
    for (let id = 0; id < count; id++) {
      const list = this.postings(id);
      if (!list) continue;
      entries.set(list.entries.subarray(0, list.length), offsets[id]!);
      values.set(list.values.subarray(0, 2 * list.length), 2 * offsets[id]!);
    }
    this.compact = { offsets, entries, values };
    this.grown = [];
  }

  /** The stems, their lookup table and their postings as they would be compacted (for a snapshot). */
  image(): StemTableImage {
    if (this.grown.length > 0) this.compactAll();
    return { texts: this.texts, slots: this.ids.image(), postings: this.compact };
  }

  /** Restores a table from image(), taking its lists as they are (nothing rebuilt but two scratch arrays). */
  static fromImage(image: StemTableImage): StemTable {
    const table = new StemTable();
    table.texts = image.texts;
    table.ids = StringIds.fromImage((id) => table.texts[id]!, image.slots);
    table.compact = image.postings;
    const texts = image.texts;
    table.lastDoc = new Int32Array(Math.max(1024, texts.length)).fill(-1);
    table.slot = new Int32Array(Math.max(1024, texts.length));
    return table;
  }
}
