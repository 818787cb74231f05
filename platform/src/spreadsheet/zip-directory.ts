import { DAMAGED, SpreadsheetRejected } from './spreadsheet-rejected';

// Reads a zip's central directory without unpacking anything, so its sizes can be judged first.
// Field offsets are those of PKWARE's APPNOTE 4.3.12 (central header) and 4.3.16 (end record).

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
/** The end record and the longest comment it may carry. */
const END_SEARCH_SPAN = END_SIZE + 0xffff;
const ZIP64_EXTRA_ID = 0x0001;

export const ZIP64_REFUSED =
  'The spreadsheet is stored in the ZIP64 format for huge files: open it in Excel and save it again as .xlsx';

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function findEndRecord(bytes: Uint8Array): number {
  const data = view(bytes);
  const lowest = Math.max(0, bytes.length - END_SEARCH_SPAN);
  // The last signature wins, as SheetJS picks it: the guard must judge the directory the parser reads.
  for (let offset = bytes.length - 4; offset >= lowest; offset--) {
    if (data.getUint32(offset, true) !== END_SIGNATURE) continue;
    if (offset + END_SIZE > bytes.length) break;
    return offset;
  }
  throw new SpreadsheetRejected(DAMAGED);
}

/** True when an extra field block holds ZIP64 sizes, which SheetJS would trust over the 32-bit ones. */
export function hasZip64Extra(bytes: Uint8Array, start: number, length: number): boolean {
  const data = view(bytes);
  for (let offset = start; offset + 4 <= start + length; offset += 4 + data.getUint16(offset + 2, true)) {
    if (data.getUint16(offset, true) === ZIP64_EXTRA_ID) return true;
  }
  return false;
}

/** The entries of the zip's central directory; SpreadsheetRejected when it is missing, cut short or ZIP64. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const data = view(bytes);
  const end = findEndRecord(bytes);
  const entriesOnDisk = data.getUint16(end + 8, true);
  const entryCount = data.getUint16(end + 10, true);
  const directorySize = data.getUint32(end + 12, true);
  const directoryOffset = data.getUint32(end + 16, true);
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new SpreadsheetRejected(ZIP64_REFUSED);
  }
  // Several disks, or two counts that disagree: a workbook saved by Excel is never either.
  const spansDisks = data.getUint16(end + 4, true) !== 0 || data.getUint16(end + 6, true) !== 0;
  if (spansDisks || entriesOnDisk !== entryCount || directoryOffset + directorySize > end) {
    throw new SpreadsheetRejected(DAMAGED);
  }
  const entries: ZipEntry[] = [];
  const directoryEnd = directoryOffset + directorySize;
  let offset = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (offset + CENTRAL_HEADER_SIZE > directoryEnd || data.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      throw new SpreadsheetRejected(DAMAGED);
    }
    const nameLength = data.getUint16(offset + 28, true);
    const extraLength = data.getUint16(offset + 30, true);
    const commentLength = data.getUint16(offset + 32, true);
    const next = offset + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw new SpreadsheetRejected(DAMAGED);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(
        bytes.subarray(offset + CENTRAL_HEADER_SIZE, offset + CENTRAL_HEADER_SIZE + nameLength),
      ),
      method: data.getUint16(offset + 10, true),
      compressedSize: data.getUint32(offset + 20, true),
      uncompressedSize: data.getUint32(offset + 24, true),
      localHeaderOffset: data.getUint32(offset + 42, true),
    };
    const sizesInZip64 =
      entry.compressedSize === 0xffffffff ||
      entry.uncompressedSize === 0xffffffff ||
      entry.localHeaderOffset === 0xffffffff ||
      hasZip64Extra(bytes, offset + CENTRAL_HEADER_SIZE + nameLength, extraLength);
    if (sizesInZip64) throw new SpreadsheetRejected(ZIP64_REFUSED);
    entries.push(entry);
    offset = next;
  }
  return entries;
}
