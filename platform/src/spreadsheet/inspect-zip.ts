import { checkEntrySize } from './check-entry-sizes';
import { SpreadsheetRejected, TOO_LARGE_UNPACKED } from './spreadsheet-rejected';
import { readZipDirectory } from './zip-directory';

// A zip-bomb guard for .xlsx uploads, run before SheetJS sees the bytes: a few kilobytes of zip can
// unpack to gigabytes. An .xlsx saved by Excel has a dozen entries and compresses text about 10:1.

export const MAX_ZIP_ENTRIES = 1_000;
export const MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
export const MAX_COMPRESSION_RATIO = 200;
/** Small entries may compress very well (an empty sheet, repeated styles) and cost nothing to unpack. */
export const RATIO_CHECKED_ABOVE_BYTES = 1024 * 1024;

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxUncompressedBytes: MAX_UNCOMPRESSED_BYTES,
  maxCompressionRatio: MAX_COMPRESSION_RATIO,
};

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** True for a zip archive (.xlsx); false for anything else, such as an OLE2 .xls. */
export function isZipArchive(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** Throws SpreadsheetRejected unless the zip is small enough, when unpacked, to be parsed safely. */
export function inspectZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): void {
  const { maxEntries, maxUncompressedBytes, maxCompressionRatio } = { ...DEFAULT_LIMITS, ...limits };
  const entries = readZipDirectory(bytes);
  if (entries.length > maxEntries) {
    throw new SpreadsheetRejected(
      `The spreadsheet holds too many parts (${entries.length.toLocaleString('en-US')}; at most ${maxEntries.toLocaleString('en-US')})`,
    );
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    const suspicious = entry.uncompressedSize > RATIO_CHECKED_ABOVE_BYTES && ratio > maxCompressionRatio;
    if (total > maxUncompressedBytes || suspicious) throw new SpreadsheetRejected(TOO_LARGE_UNPACKED);
  }
  // Only once every claim is within the limits is it worth checking them by unpacking.
  for (const entry of entries) checkEntrySize(bytes, entry);
}
