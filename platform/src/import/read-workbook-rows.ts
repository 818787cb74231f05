import * as XLSX from 'xlsx';
import { ImportFileError } from './import-file-error';
import { isBlankRow, type SourceRows } from './source-rows';

// SheetJS reads almost anything (CSV, HTML, plain text) as a sheet, so a renamed file would
// import as garbage; only real workbooks get past these signatures.
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]; // .xlsx: Office Open XML is a zip archive
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .xls: BIFF8 in an OLE2 container

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** True when the bytes are an .xlsx or .xls workbook, whichever of the two the name says. */
export function isWorkbook(bytes: Uint8Array): boolean {
  // Either signature is accepted for either extension: SheetJS reads by content, and an .xlsx
  // saved under .xls (some exporters do this) is still the agents the person meant to upload.
  return startsWith(bytes, ZIP_SIGNATURE) || startsWith(bytes, OLE2_SIGNATURE);
}

export function readWorkbookRows(bytes: Uint8Array, fileName: string): SourceRows {
  if (!isWorkbook(bytes)) {
    throw new ImportFileError(
      `${fileName} is not an Excel workbook (was another kind of file renamed?): save it from Excel as .xlsx or .xls`,
    );
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(Buffer.from(bytes), { type: 'buffer' });
  } catch (error) {
    throw new ImportFileError(`${fileName} could not be read as a workbook: ${(error as Error).message}`);
  }
  const firstSheet = workbook.SheetNames[0];
  const sheet = firstSheet === undefined ? undefined : workbook.Sheets[firstSheet];
  if (!sheet) throw new ImportFileError(`${fileName} has no sheets`);
  // raw: false gives the text the cell shows ("$29.00", a date as written), not the number behind it.
  const records = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: '', raw: false });
  const rows: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  for (const record of records) {
    if (isBlankRow(record)) continue;
    rows.push(record);
    // SheetJS keeps each record's 0-based sheet row, so rows below blank ones keep their number.
    rowNumbers.push((record as { __rowNum__: number }).__rowNum__ + 1);
  }
  return { rows, rowNumbers };
}
