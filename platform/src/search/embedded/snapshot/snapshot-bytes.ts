import fs from 'node:fs';
import { crc32 } from 'node:zlib';

// A snapshot file's bytes read and checked whole (snapshot-file.ts has the layout), with nothing but
// node:fs and node:zlib, so that a worker thread can do it for a serving thread
// (snapshot-read-worker-entry.ts). Done on the thread that answers requests, the checksum was most
// of a lost mirror's slowest searches (issue 24): the bytes a read has just put into fresh memory
// cost a fault per page when first touched, and on this project's machines the CRC-32 of the
// 70 MB held in memory took 1.3 s of that thread at load 14 against 73 ms for a second pass over the
// same bytes. Touched first on another thread of the process, the pages are the process's already.

export const MAGIC = Buffer.from('AGENTRY-SNAPSHOT', 'latin1');
/**
 * 2: string lists in UTF-8 (one-byte strings in memory) unless a lone surrogate needs UTF-16.
 * 3: the lookup tables of stems, words and document ids (string-ids.ts), the stop-word flags and
 * the words by length, kept as they are used instead of rebuilt at each load.
 * 4: the documents' bodies last, and how much comes before them in bytes 28-31: a reader leaves
 * the bodies in the file (issue 24: 52 of 118 MB at 100,000 agents, in every API process).
 */
export const SNAPSHOT_FORMAT = 4;
export const PREFIX = 32;
/**
 * The bytes read, and checked, at a time: into one small buffer, checked there while its bytes are
 * in the cache, then copied to where they stay. Read straight into the image's fresh memory and
 * checked there, the check was a second pass over memory just faulted in: on this project's
 * machines (a virtual machine that backs fresh memory page by page) the read of a 100,000-agent
 * snapshot took 615-635 ms of CPU that way against 420-470 ms (issue 24: each API worker reads it
 * at every start, two at once on two cores).
 */
const CHUNK = 1024 * 1024;

/** Why a snapshot cannot be used (logged, then it is rebuilt). */
export class SnapshotRefused extends Error {}

export const align = (offset: number) => Math.ceil(offset / 8) * 8;

const DAMAGED = 'snapshot checksum does not match (damaged or cut short)';

/** A snapshot's bytes, its checksum verified over the whole file. */
export interface CheckedBytes {
  /** The header's JSON (still to be parsed: it is checked against this code's analysis). */
  headerJson: Uint8Array;
  /**
   * The image's leading part, as much as the writer said to hold in memory. Shared, not an
   * ArrayBuffer: V8 counts an ArrayBuffer's bytes as its isolate's external memory, and the 74 MB
   * of a 100,000-agent image arriving at once from the read thread set off a full collection
   * (Mark-Compact) of each API worker's heap on the spot, 320-430 ms paused at load 25 (issue 24);
   * a SharedArrayBuffer's bytes are counted in no isolate, so the hand-over moves nothing the
   * collector weighs. Its memory goes when the last view of it does, as an ArrayBuffer's.
   */
  image: SharedArrayBuffer;
  /** Where the rest of the image begins in the file, and its length. */
  restAt: number;
  restLength: number;
}

/** The header's length, after checking the magic and the format. */
export function checkPrefix(prefix: Buffer): number {
  if (prefix.length < PREFIX || !prefix.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotRefused('not a snapshot of the search index');
  const format = prefix.readUInt32LE(16);
  if (format !== SNAPSHOT_FORMAT)
    throw new SnapshotRefused(`snapshot format ${format}, not ${SNAPSHOT_FORMAT}`);
  return prefix.readUInt32LE(20);
}

/** Reads into `buffer` from `position` until it is full or the file ends; the bytes read. */
function readFully(fd: number, buffer: Uint8Array, position: number): number {
  let done = 0;
  while (done < buffer.length) {
    const read = fs.readSync(fd, buffer, done, buffer.length - done, position + done);
    if (read === 0) break;
    done += read;
  }
  return done;
}

/**
 * The snapshot open at `fd` read and checked, on the calling thread (positional reads: the
 * descriptor's offset is left alone, so the thread that opened it may use it meanwhile).
 * Throws SnapshotRefused when it is damaged, cut short or of another format.
 */
export function readCheckedBytes(fd: number): CheckedBytes {
  const size = fs.fstatSync(fd).size;
  const prefix = Buffer.alloc(PREFIX);
  const length = checkPrefix(prefix.subarray(0, readFully(fd, prefix, 0)));
  const imageAt = align(PREFIX + length);
  const resident = prefix.readUInt32LE(28);
  if (size < imageAt + resident) throw new SnapshotRefused(DAMAGED);
  const head = Buffer.alloc(imageAt - PREFIX);
  if (readFully(fd, head, PREFIX) !== head.length)
    throw new SnapshotRefused('snapshot cut short in its header');
  let crc = crc32(head);
  const image = new SharedArrayBuffer(resident);
  const imageBytes = new Uint8Array(image);
  const spare = Buffer.allocUnsafe(Math.min(CHUNK, size));
  for (let at = 0; at < resident; at += CHUNK) {
    const chunk = spare.subarray(0, Math.min(CHUNK, resident - at));
    if (readFully(fd, chunk, imageAt + at) !== chunk.length) throw new SnapshotRefused(DAMAGED);
    crc = crc32(chunk, crc);
    imageBytes.set(chunk, at);
  }
  // The rest (the bodies) through the same buffer, let go.
  const restAt = imageAt + resident;
  for (let at = restAt; at < size; at += CHUNK) {
    const chunk = spare.subarray(0, Math.min(CHUNK, size - at));
    if (readFully(fd, chunk, at) !== chunk.length) throw new SnapshotRefused(DAMAGED);
    crc = crc32(chunk, crc);
  }
  if (crc >>> 0 !== prefix.readUInt32LE(24)) throw new SnapshotRefused(DAMAGED);
  return { headerJson: head.subarray(0, length), image, restAt, restLength: size - restAt };
}
