import fs from 'node:fs';
import type { SearchDocument } from '../port';

// The documents of the index as their JSON, UTF-8, one after another, read back only for what a
// search shows (a page of hits, highlights, the agent asked to be like). A hundred thousand agents
// as objects took about 70 MB of the JavaScript heap, every string and object of them traced by
// each full garbage collection; as text they take about 50 MB outside it. An index loaded from its
// snapshot leaves them in the file (the snapshot's last section): each page of hits reads its few
// bodies from there, and the 50 MB stay out of every API process's memory and out of the bytes a
// start reads whole (issue 24: RSS per worker and every agent searchable within 3 s of a start).

/**
 * Bodies read from the file kept as text, the most recently shown: a search's page of hits read
 * each of its bodies with a system call of its own (`read` and this class were 3.7 % of the API's
 * samples in the closed loop at 100,000 agents, issue 24), and the agents a catalog's visitors are
 * shown repeat. About 1-2 kB each: a few MB, against the 50 MB left in the file.
 */
export const RECENT_BODIES = 2048;

/** Bodies left in a file: `length` bytes at `offset` of the open `handle` (never written again). */
export interface StoredBytes {
  handle: fs.promises.FileHandle;
  offset: number;
  length: number;
}

export class DocumentBodies {
  private bytes: Buffer;
  private used: number;
  /**
   * Body of document n: bytes [ends[n - 1], ends[n]) (ends[-1] is 0) of the file for the first
   * `fromFile` documents, of `bytes` for the others (the first of them starting at 0).
   */
  private ends: Float64Array;
  private count: number;
  private stored: StoredBytes | null = null;
  private fromFile = 0;
  /**
   * Bodies written again in place (replace(): a change to what a hit shows only), as the bytes
   * [start, end) of `rewritten` (`room` bytes there are its own), out of the heap like the others.
   * A body rewritten again longer than its room leaves its older bytes behind, as an upsert leaves
   * its document's; a reload starts afresh.
   */
  private rewritten = Buffer.alloc(0);
  private rewrittenUsed = 0;
  private readonly rewrites = new Map<number, { start: number; end: number; room: number }>();
  /** Texts of bodies read from the file, least recently shown first (a file's bodies never change). */
  private readonly recent = new Map<number, string>();

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
    this.appendText(JSON.stringify(document));
  }

  private appendText(text: string): void {
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
    const room = this.used + 3 * text.length;
    if (room > this.bytes.length) {
      const bytes = Buffer.allocUnsafe(Math.max(room, this.bytes.length * 2));
      this.bytes.copy(bytes, 0, 0, this.used);
      this.bytes = bytes;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    if (this.count === this.ends.length) {
      // A loaded index's ends are a view of the snapshot's bytes, exactly as long as its documents.
      const ends = new Float64Array(Math.max(1024, this.ends.length * 2));
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[this.count++] = this.used;
  }

  /**
   * Document number n's body, in place of the one it had (numbers and everything else stay); false
   * when there is no body n (a negative n: an id the index does not hold).
   */
  replace(n: number, document: SearchDocument): boolean {
    if (n < 0 || n >= this.count) return false;
    const text = JSON.stringify(document);
    // A body rewritten again (a site that goes down and up) takes its last place when it fits.
    const last = this.rewrites.get(n);
    if (last && Buffer.byteLength(text) <= last.room) {
      this.rewrites.set(n, { ...last, end: last.start + this.rewritten.write(text, last.start, 'utf8') });
      return true;
    }
    const room = this.rewrittenUsed + 3 * text.length;
    if (room > this.rewritten.length) {
      const bytes = Buffer.allocUnsafe(Math.max(room, this.rewritten.length * 2, 1 << 12));
      this.rewritten.copy(bytes, 0, 0, this.rewrittenUsed);
      this.rewritten = bytes;
    }
    const start = this.rewrittenUsed;
    this.rewrittenUsed += this.rewritten.write(text, start, 'utf8');
    this.rewrites.set(n, { start, end: this.rewrittenUsed, room: this.rewrittenUsed - start });
    return true;
  }

  get(n: number): SearchDocument {
    return JSON.parse(this.text(n)) as SearchDocument;
  }

  private text(n: number): string {
    const rewrite = this.rewrites.get(n);
    if (rewrite) return this.rewritten.toString('utf8', rewrite.start, rewrite.end);
    const start = n === 0 || n === this.fromFile ? 0 : this.ends[n - 1]!;
    const end = this.ends[n]!;
    if (n >= this.fromFile) return this.bytes.toString('utf8', start, end);
    let text = this.recent.get(n);
    if (text !== undefined) {
      this.recent.delete(n);
    } else {
      text = readStored(this.stored!, start, end - start).toString('utf8');
      if (this.recent.size >= RECENT_BODIES) this.recent.delete(this.recent.keys().next().value!);
    }
    this.recent.set(n, text);
    return text;
  }

  /** The bytes and ends as stored (for a snapshot: views, or copies of what is left in a file). */
  image(): { bytes: Uint8Array; ends: Float64Array } {
    // Rewritten bodies go back in their places: every body copied out, one after another (a
    // serving index is never imaged in production: snapshots are built from search.db).
    if (this.rewrites.size > 0) {
      const whole = new DocumentBodies();
      for (let n = 0; n < this.count; n++) whole.appendText(this.text(n));
      return whole.image();
    }
    if (this.stored === null)
      return { bytes: this.bytes.subarray(0, this.used), ends: this.ends.subarray(0, this.count) };
    const fileBytes = this.fromFile === 0 ? 0 : this.ends[this.fromFile - 1]!;
    const bytes = Buffer.allocUnsafe(fileBytes + this.used);
    readStored(this.stored, 0, fileBytes).copy(bytes);
    this.bytes.copy(bytes, fileBytes, 0, this.used);
    const ends = Float64Array.from(this.ends.subarray(0, this.count));
    for (let n = this.fromFile; n < this.count; n++) ends[n]! += fileBytes;
    return { bytes, ends };
  }

  /** Lets go of the file the bodies are read from (the index is no longer used). */
  async close(): Promise<void> {
    const stored = this.stored;
    this.stored = null;
    this.fromFile = 0;
    this.recent.clear();
    await stored?.handle.close();
  }

  static fromImage(bytes: Uint8Array | StoredBytes, ends: Float64Array): DocumentBodies {
    if (bytes instanceof Uint8Array) {
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return new DocumentBodies(buffer, ends, ends.length, bytes.byteLength);
    }
    const last = ends.length === 0 ? 0 : ends[ends.length - 1]!;
    if (last > bytes.length) throw new Error('index image: the document bodies run past the file');
    const bodies = new DocumentBodies(Buffer.alloc(1 << 12), ends, ends.length, 0);
    bodies.stored = bytes;
    bodies.fromFile = ends.length;
    return bodies;
  }
}

/** `length` bytes at `at` of the stored bodies. */
function readStored(stored: StoredBytes, at: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const read = fs.readSync(stored.handle.fd, buffer, done, length - done, stored.offset + at + done);
    if (read === 0) throw new Error('search index snapshot: a document body is cut short');
    done += read;
  }
  return buffer;
}
