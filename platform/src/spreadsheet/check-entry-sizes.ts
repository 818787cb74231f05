import zlib from 'node:zlib';
import { DAMAGED, SpreadsheetRejected, TOO_LARGE_UNPACKED } from './spreadsheet-rejected';
import { hasZip64Extra, ZIP64_REFUSED, type ZipEntry } from './zip-directory';

// The central directory's sizes are only claims. SheetJS unpacks each entry from its local header
// into Buffers, which live outside the JavaScript heap, so a worker's heap limit does not stop an
// entry that unpacks to far more than it declares. Unpacking each entry here, with its declared
// size as a hard ceiling, turns the claims that were judged into facts before SheetJS runs.

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const STORED = 0;
const DEFLATED = 8;

function localDataStart(bytes: Uint8Array, entry: ZipEntry): number {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + LOCAL_HEADER_SIZE > bytes.length || data.getUint32(header, true) !== LOCAL_SIGNATURE) {
    throw new SpreadsheetRejected(DAMAGED);
  }
  // SheetJS sizes its output buffer from the local header, not the directory: the two must agree,
  // unless the local one is 0 (sizes given after the data instead, as streaming writers do).
  const localSize = data.getUint32(header + 22, true);
  if (localSize !== 0 && localSize !== entry.uncompressedSize) throw new SpreadsheetRejected(DAMAGED);
  const nameLength = data.getUint16(header + 26, true);
  const extraLength = data.getUint16(header + 28, true);
  const extraStart = header + LOCAL_HEADER_SIZE + nameLength;
  const start = extraStart + extraLength;
  if (start + entry.compressedSize > bytes.length) throw new SpreadsheetRejected(DAMAGED);
  if (hasZip64Extra(bytes, extraStart, extraLength)) throw new SpreadsheetRejected(ZIP64_REFUSED);
  return start;
}

function inflatedLength(compressed: Uint8Array, ceiling: number): number {
  try {
    // One byte more than declared is enough to catch a lie without unpacking the rest of it.
    return zlib.inflateRawSync(compressed, { maxOutputLength: ceiling + 1 }).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new SpreadsheetRejected(TOO_LARGE_UNPACKED);
    }
    throw new SpreadsheetRejected(DAMAGED);
  }
}

/** Refuses an entry whose data is missing, or unpacks to another size than its directory entry says. */
export function checkEntrySize(bytes: Uint8Array, entry: ZipEntry): void {
  const start = localDataStart(bytes, entry);
  const compressed = bytes.subarray(start, start + entry.compressedSize);
  let actual: number;
  if (entry.method === STORED) actual = compressed.length;
  else if (entry.method === DEFLATED) actual = inflatedLength(compressed, entry.uncompressedSize);
  else throw new SpreadsheetRejected(DAMAGED);
  if (actual > entry.uncompressedSize) throw new SpreadsheetRejected(TOO_LARGE_UNPACKED);
  if (actual !== entry.uncompressedSize) throw new SpreadsheetRejected(DAMAGED);
}
