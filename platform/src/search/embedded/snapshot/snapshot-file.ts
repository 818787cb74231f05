import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { StoredBytes } from '../document-bodies';
import { type TimeSlices, UNSLICED } from '../time-slices';
import { analysisSignature } from './analysis-signature';

// The snapshot of a built index, written beside search.db: loading it takes a fraction of a second
// where analysing every document again took seconds (issue 24: 11-13 s to searchable at 100,000
// agents). Layout:
//
//   bytes 0-15   "AGENTRY-SNAPSHOT" (magic)
//   16-19        format version (u32 LE)
//   20-23        length of the header JSON (u32 LE)
//   24-27        CRC-32 of everything from byte 32 to the end (u32 LE)
//   28-31        how many bytes of the image a reader holds in memory; the rest (the documents'
//                bodies, index-image.ts's residentLength) stays in the file, read a body at a time
//   32-          header JSON: which search.db and generation it was built from, the last op and the
//                change-log position it reflects, the analysis signature; then, 8-aligned, the
//                index image (index-image.ts)
//
// The reader checks the CRC of the whole file as it reads it, a chunk at a time: the part held in
// memory read into place while the chunk before is checked, the rest passed through two small
// buffers and let go.
//
// It is written to a temporary file and renamed into place, so a reader sees the old snapshot or
// the new one whole, never half of one. A snapshot that is cut short, altered, of another format
// or analysis, or of another search.db or generation is refused and rebuilt (index-snapshot.ts).

export const SNAPSHOT_FILE_NAME = 'search-index.snapshot';
const MAGIC = Buffer.from('AGENTRY-SNAPSHOT', 'latin1');
/**
 * 2: string lists in UTF-8 (one-byte strings in memory) unless a lone surrogate needs UTF-16.
 * 3: the lookup tables of stems, words and document ids (string-ids.ts), the stop-word flags and
 * the words by length, kept as they are used instead of rebuilt at each load.
 * 4: the documents' bodies last, and how much comes before them in bytes 28-31: a reader leaves
 * the bodies in the file (issue 24: 52 of 118 MB at 100,000 agents, in every API process).
 */
export const SNAPSHOT_FORMAT = 4;
const PREFIX = 32;
/** The file is read, and its CRC-32 computed, this many bytes at a time (a slice of a serving thread). */
const CHUNK = 8 * 1024 * 1024;

export interface SnapshotHeader {
  /** search.db's file_id: a snapshot belongs to one search.db. */
  fileId: string;
  generation: number;
  /** The last op of search.db the snapshot reflects: a reader replays the ops after it. */
  seq: number;
  /** The store's change-log position the snapshot reflects. */
  checkpoint: number;
  documents: number;
  analysis: string;
  createdAt: string;
}

export interface Snapshot {
  header: SnapshotHeader;
  /** The index image's leading part, as much as the writer said to hold in memory. */
  image: Uint8Array;
  /** The rest of the image, left in the file (open until the index using it is closed). */
  rest: StoredBytes;
}

/** Why a snapshot cannot be used (logged, then it is rebuilt). */
export class SnapshotRefused extends Error {}

const align = (offset: number) => Math.ceil(offset / 8) * 8;

/**
 * Writes the snapshot whole: to a temporary file beside it, renamed into place. A reader holds the
 * image's first `resident` bytes in memory and reads the rest from the file as needed.
 */
export async function writeSnapshot(
  file: string,
  header: Omit<SnapshotHeader, 'analysis' | 'createdAt'>,
  image: Uint8Array,
  resident = image.byteLength,
): Promise<void> {
  const full: SnapshotHeader = {
    ...header,
    analysis: analysisSignature(),
    createdAt: new Date().toISOString(),
  };
  const json = Buffer.from(JSON.stringify(full), 'utf8');
  const imageAt = align(PREFIX + json.length);
  const prefix = Buffer.alloc(imageAt);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(SNAPSHOT_FORMAT, 16);
  prefix.writeUInt32LE(json.length, 20);
  prefix.writeUInt32LE(resident, 28);
  json.copy(prefix, PREFIX);
  const crc = crc32(image, crc32(prefix.subarray(PREFIX))) >>> 0;
  prefix.writeUInt32LE(crc, 24);
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await fs.promises.open(temporary, 'w', 0o600);
  try {
    await handle.writev([prefix, image]);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
  removeLeftovers(file);
}

/** Temporary files of writers that died more than an hour ago. */
function removeLeftovers(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const full = path.join(dir, name);
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > 60 * 60 * 1000) fs.rmSync(full, { force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

/** The header alone (cheap: the first few hundred bytes), or null when there is no snapshot. */
export async function readSnapshotHeader(file: string): Promise<SnapshotHeader | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const prefix = Buffer.alloc(PREFIX);
    const { bytesRead } = await handle.read(prefix, 0, PREFIX, 0);
    const length = checkPrefix(prefix.subarray(0, bytesRead));
    const json = Buffer.alloc(length);
    const read = await handle.read(json, 0, length, PREFIX);
    if (read.bytesRead !== length) throw new SnapshotRefused('snapshot cut short in its header');
    return parseHeader(json);
  } finally {
    await handle.close();
  }
}

/**
 * The snapshot, its checksum verified over the whole file (a chunk at a time between `slices`): the
 * image's resident part in memory, the rest left open in the file; null when there is none.
 * Throws SnapshotRefused when it is damaged or of another format or analysis.
 */
export async function readSnapshot(file: string, slices: TimeSlices = UNSLICED): Promise<Snapshot | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const size = (await handle.stat()).size;
    const prefix = Buffer.alloc(PREFIX);
    const length = checkPrefix(prefix.subarray(0, await readFully(handle, prefix, 0)));
    const imageAt = align(PREFIX + length);
    const resident = prefix.readUInt32LE(28);
    if (size < imageAt + resident)
      throw new SnapshotRefused('snapshot checksum does not match (damaged or cut short)');
    const head = Buffer.alloc(imageAt - PREFIX);
    if ((await readFully(handle, head, PREFIX)) !== head.length)
      throw new SnapshotRefused('snapshot cut short in its header');
    let crc = crc32(head);
    const image = Buffer.allocUnsafe(resident);
    crc = await readChecked(handle, imageAt, resident, crc, slices, (at) => image.subarray(at, at + CHUNK));
    // The rest through two buffers: one filled while the other is checked.
    const spare = [Buffer.allocUnsafe(Math.min(CHUNK, size)), Buffer.allocUnsafe(Math.min(CHUNK, size))];
    let turn = 0;
    crc = await readChecked(
      handle,
      imageAt + resident,
      size - imageAt - resident,
      crc,
      slices,
      () => spare[turn++ % 2]!,
    );
    if (crc >>> 0 !== prefix.readUInt32LE(24))
      throw new SnapshotRefused('snapshot checksum does not match (damaged or cut short)');
    const header = parseHeader(head.subarray(0, length));
    return { header, image, rest: { handle, offset: imageAt + resident, length: size - imageAt - resident } };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Reads into `buffer` from `position` until it is full or the file ends; the bytes read. */
async function readFully(handle: fs.promises.FileHandle, buffer: Buffer, position: number): Promise<number> {
  let done = 0;
  while (done < buffer.length) {
    const { bytesRead } = await handle.read(buffer, done, buffer.length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/**
 * Reads `length` bytes from `from` a chunk at a time, each into `target(offset)` (a buffer of at
 * most CHUNK bytes), the next chunk's read under way while this one's CRC is computed; the CRC.
 */
async function readChecked(
  handle: fs.promises.FileHandle,
  from: number,
  length: number,
  crc: number,
  slices: TimeSlices,
  target: (offset: number) => Buffer,
): Promise<number> {
  const readAt = (at: number) => {
    const buffer = target(at).subarray(0, Math.min(CHUNK, length - at));
    return readFully(handle, buffer, from + at).then((read) => {
      if (read !== buffer.length)
        throw new SnapshotRefused('snapshot checksum does not match (damaged or cut short)');
      return buffer;
    });
  };
  // A read that fails while the chunk before is checked is seen when awaited, not as unhandled.
  const started = (at: number) => {
    const reading = readAt(at);
    reading.catch(() => {});
    return reading;
  };
  let next = length > 0 ? started(0) : null;
  for (let at = 0; next; at += CHUNK) {
    const chunk = await next;
    next = at + CHUNK < length ? started(at + CHUNK) : null;
    crc = crc32(chunk, crc);
    await slices.pause();
  }
  return crc;
}

/** The header's length, after checking the magic and the format. */
function checkPrefix(prefix: Buffer): number {
  if (prefix.length < PREFIX || !prefix.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotRefused('not a snapshot of the search index');
  const format = prefix.readUInt32LE(16);
  if (format !== SNAPSHOT_FORMAT)
    throw new SnapshotRefused(`snapshot format ${format}, not ${SNAPSHOT_FORMAT}`);
  return prefix.readUInt32LE(20);
}

function parseHeader(json: Buffer): SnapshotHeader {
  let header: SnapshotHeader;
  try {
    header = JSON.parse(json.toString('utf8')) as SnapshotHeader;
  } catch {
    throw new SnapshotRefused('snapshot header is not readable');
  }
  if (header.analysis !== analysisSignature())
    throw new SnapshotRefused('snapshot made by another version of the text analysis');
  return header;
}
