import { parse } from 'csv-parse/sync';
import { ImportFileError } from './import-file-error';
import { isBlankRow, type SourceRows } from './source-rows';

const CANDIDATE_DELIMITERS = [',', ';', '\t'] as const;

export function readCsvRows(bytes: Uint8Array, fileName: string): SourceRows {
  let records: Array<{ record: Record<string, string>; info: { records: number; empty_lines: number } }>;
  try {
    records = parse(Buffer.from(bytes), {
      bom: true,
      columns: true,
      trim: true,
      skip_empty_lines: true,
      // A short or long row should cost that row (its fields fail validation), not the whole file.
      relax_column_count: true,
      // Hand-written files carry stray quotes inside fields (a 27" display); keep them as text.
      relax_quotes: true,
      delimiter: detectDelimiter(bytes),
      info: true,
    });
  } catch (error) {
    throw new ImportFileError(`${fileName} could not be read as CSV: ${(error as Error).message}`);
  }
  const rows: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  for (const { record, info } of records) {
    if (isBlankRow(record)) continue;
    rows.push(record);
    // A spreadsheet shows each record on one row even when a quoted cell spans lines, and shows
    // skipped empty lines as blank rows: header row + records so far + empty lines so far.
    rowNumbers.push(1 + info.records + info.empty_lines);
  }
  return { rows, rowNumbers };
}

/**
 * Excel saves CSV with ';' in locales where ',' is the decimal mark, and some tools export tabs.
 * The header line holds no free text, so the most frequent candidate there is the delimiter.
 */
export function detectDelimiter(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  const headerLine = head.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = CANDIDATE_DELIMITERS.map((delimiter) => headerLine.split(delimiter).length - 1);
  const best = counts.indexOf(Math.max(...counts));
  return counts[best] === 0 ? ',' : CANDIDATE_DELIMITERS[best]!;
}
