import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
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
//   28-31        0
//   32-          header JSON: which search.db and generation it was built from, the last op and the
//                change-log position it reflects, the analysis signature; then, 8-aligned, the
//                index image (index-image.ts)
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
 */
export const SNAPSHOT_FORMAT = 3;
const PREFIX = 32;
/** CRC-32 is computed this many bytes at a time when reading on a serving thread. */
const CRC_CHUNK = 8 * 1024 * 1024;

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
  /** The index image (a view of the file's bytes). */
  image: Uint8Array;
}

/** Why a snapshot cannot be used (logged, then it is rebuilt). */
export class SnapshotRefused extends Error {}

const align = (offset: number) => Math.ceil(offset / 8) * 8;

/** Writes the snapshot whole: to a temporary file beside it, renamed into place. */
export async function writeSnapshot(
  file: string,
  header: Omit<SnapshotHeader, 'analysis' | 'createdAt'>,
  image: Uint8Array,
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
 * The whole snapshot, its checksum verified (a slice at a time between `slices`); null when there
 * is none. Throws SnapshotRefused when it is damaged or of another format or analysis.
 */
export async function readSnapshot(file: string, slices: TimeSlices = UNSLICED): Promise<Snapshot | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const length = checkPrefix(bytes);
  if (bytes.length < PREFIX + length) throw new SnapshotRefused('snapshot cut short in its header');
  let crc = 0;
  for (let at = PREFIX; at < bytes.length; at += CRC_CHUNK) {
    crc = crc32(bytes.subarray(at, Math.min(bytes.length, at + CRC_CHUNK)), crc);
    await slices.pause();
  }
  if (crc >>> 0 !== bytes.readUInt32LE(24))
    throw new SnapshotRefused('snapshot checksum does not match (damaged or cut short)');
  const header = parseHeader(bytes.subarray(PREFIX, PREFIX + length));
  return { header, image: bytes.subarray(align(PREFIX + length)) };
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
