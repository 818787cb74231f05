import type { SearchDocument } from '../port';

// The documents of the index as their JSON, UTF-8, one after another in one buffer, read back only
// for what a search shows (a page of hits, highlights, the agent asked to be like). A hundred
// thousand agents as objects took about 70 MB of the JavaScript heap, every string and object of
// them traced by each full garbage collection; as text they take about 40 MB outside it.

export class DocumentBodies {
  private bytes: Buffer;
  private used: number;
  /** Body of document n: bytes [ends[n - 1], ends[n]) (ends[-1] is 0). */
  private ends: Float64Array;
  private count: number;

  constructor(
    bytes: Buffer = Buffer.alloc(1 << 16),
    ends: Float64Array = new Float64Array(1024),
    count = 0,
    used = 0,
  ) {
    this.bytes = bytes;
    this.ends = ends;
    this.count = count;
    this.used = used;
  }

  /** Bodies held (document numbers 0 .. size - 1). */
  get size(): number {
    return this.count;
  }

  /** Appends document number `size` (numbers are given in order). */
  append(document: SearchDocument): void {
    const text = JSON.stringify(document);
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
    const room = this.used + 3 * text.length;
    if (room > this.bytes.length) {
      const bytes = Buffer.allocUnsafe(Math.max(room, this.bytes.length * 2));
      this.bytes.copy(bytes, 0, 0, this.used);
      this.bytes = bytes;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    if (this.count === this.ends.length) {
      const ends = new Float64Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[this.count++] = this.used;
  }

  get(n: number): SearchDocument {
    const start = n === 0 ? 0 : this.ends[n - 1]!;
    return JSON.parse(this.bytes.toString('utf8', start, this.ends[n]!)) as SearchDocument;
  }

  /** The bytes and ends as stored (views, for a snapshot). */
  image(): { bytes: Uint8Array; ends: Float64Array } {
    return { bytes: this.bytes.subarray(0, this.used), ends: this.ends.subarray(0, this.count) };
  }

  static fromImage(bytes: Uint8Array, ends: Float64Array): DocumentBodies {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new DocumentBodies(buffer, ends, ends.length, bytes.byteLength);
  }
}
