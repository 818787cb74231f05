import path from 'node:path';
import { unescapeFormulaCell } from '@agentry/domain/spreadsheet-cells';
import { UPLOAD_EXTENSIONS } from '@agentry/domain/spreadsheet-files';
import { ImportFileError } from '../import/import-file-error';
import { isWorkbook, readWorkbookRows } from '../import/read-workbook-rows';
import type { SourceRows } from '../import/source-rows';
import { inspectZip, isZipArchive } from './inspect-zip';
import { NOT_A_WORKBOOK, SpreadsheetRejected } from './spreadsheet-rejected';

export const MAX_UPLOAD_ROWS = 50_000;

export interface ParseUploadOptions {
  /** Data rows accepted at most (blank rows not counted). */
  maxRows?: number;
}

function unescapeRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([header, value]) => [
      header,
      typeof value === 'string' ? unescapeFormulaCell(value) : value,
    ]),
  );
}

/**
 * The rows of an uploaded .xlsx or .xls, with the sheet row number of each, as a downloaded file
 * had them before escaping. Throws SpreadsheetRejected when the file is the uploader's to fix.
 * Runs SheetJS on whatever was uploaded: call it through parseUploadInWorker outside tests.
 */
export function parseUpload(
  bytes: Uint8Array,
  fileName: string,
  { maxRows = MAX_UPLOAD_ROWS }: ParseUploadOptions = {},
): SourceRows {
  const baseName = path.basename(fileName);
  const extension = path.extname(baseName).toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new SpreadsheetRejected(`Upload an Excel workbook (${UPLOAD_EXTENSIONS.join(' or ')})`);
  }
  if (!isWorkbook(bytes)) throw new SpreadsheetRejected(NOT_A_WORKBOOK);
  // An .xls is an OLE2 container, stored rather than compressed: the upload size limit bounds it.
  if (isZipArchive(bytes)) inspectZip(bytes);
  let source: SourceRows;
  try {
    source = readWorkbookRows(bytes, baseName);
  } catch (error) {
    if (error instanceof ImportFileError) throw new SpreadsheetRejected(error.message);
    throw error;
  }
  if (source.rows.length > maxRows) {
    throw new SpreadsheetRejected(`The spreadsheet has more than ${maxRows.toLocaleString('en-US')} rows`);
  }
  return { rows: source.rows.map(unescapeRow), rowNumbers: source.rowNumbers };
}
