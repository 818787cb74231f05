import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { StoredBytes } from '../document-bodies';
import { type TimeSlices, UNSLICED } from '../time-slices';
import { analysisSignature } from './analysis-signature';
import {
  align,
  checkPrefix,
  MAGIC,
  PREFIX,
  readCheckedBytes,
  SNAPSHOT_FORMAT,
  SnapshotRefused,
} from './snapshot-bytes';
import { readCheckedOffThread } from './snapshot-read-off-thread';

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
// The reader checks the CRC of the whole file as it reads it (snapshot-bytes.ts), a chunk at a
// time: the part held in memory read into place, the rest passed through a small buffer and let go.
//
// It is written to a temporary file and renamed into place, so a reader sees the old snapshot or
// the new one whole, never half of one. A snapshot that is cut short, altered, of another format
// or analysis, or of another search.db or generation is refused and rebuilt (index-snapshot.ts).

export const SNAPSHOT_FILE_NAME = 'search-index.snapshot';
export { SNAPSHOT_FORMAT, SnapshotRefused };

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
 * The snapshot, its checksum verified over the whole file: the image's resident part in memory,
 * the rest left open in the file; null when there is none. With `slices` that yield (a thread that
 * answers requests), the file is read and checked on a worker thread (snapshot-bytes.ts says why).
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
    // One descriptor for the check and for the bodies read later: a snapshot renamed into place
    // meanwhile is not half read.
    const checked = slices.yields ? await readCheckedOffThread(handle.fd) : readCheckedBytes(handle.fd);
    const { headerJson } = checked;
    const header = parseHeader(Buffer.from(headerJson.buffer, headerJson.byteOffset, headerJson.byteLength));
    return {
      header,
      image: new Uint8Array(checked.image),
      rest: { handle, offset: checked.restAt, length: checked.restLength },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
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
