import path from 'node:path';
import { ImportFileError } from './import-file-error';
import { readCsvRows } from './read-csv-rows';
import { readJsonRows } from './read-json-rows';
import { readWorkbookRows } from './read-workbook-rows';
import type { SourceRows } from './source-rows';

export type { SourceRows } from './source-rows';

const READERS: Record<string, (bytes: Uint8Array, fileName: string) => SourceRows> = {
  '.json': readJsonRows,
  '.csv': readCsvRows,
  '.xlsx': readWorkbookRows,
  '.xls': readWorkbookRows,
};

export const UNSUPPORTED_FILE_TYPE = 'Unsupported file type: use .json, .csv, .xlsx or .xls';

/** Turns an uploaded or local file into rows keyed by its column headers; the name picks the format. */
export function readRows(bytes: Uint8Array, fileName: string): SourceRows {
  const baseName = path.basename(fileName);
  const reader = READERS[path.extname(baseName).toLowerCase()];
  if (!reader) throw new ImportFileError(UNSUPPORTED_FILE_TYPE);
  if (bytes.length === 0 || isOnlyWhiteSpace(bytes)) throw new ImportFileError(`${baseName} is empty`);
  const result = reader(bytes, baseName);
  if (result.rows.length === 0) throw new ImportFileError(`${baseName} has no rows to import`);
  return result;
}

function isOnlyWhiteSpace(bytes: Uint8Array): boolean {
  // Small files only: a large file is never blank, and decoding it twice would waste time.
  return bytes.length < 1024 && new TextDecoder('utf-8').decode(bytes).trim() === '';
}
