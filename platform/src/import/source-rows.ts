/**
 * Rows read from a file, with the number a person sees for each row: the line in the sheet
 * (header is row 1, so the first data row is row 2) for CSV and workbooks, the 1-based position in
 * the array for JSON. Skipped-row reports quote these numbers so they can be found in the file.
 */
export interface SourceRows {
  rows: Record<string, unknown>[];
  rowNumbers: number[];
}

/** Rows left blank in a sheet are layout, not agents, so the readers drop them. */
export function isBlankRow(row: Record<string, unknown>): boolean {
  return Object.values(row).every(
    (value) => value === null || value === undefined || String(value).trim() === '',
  );
}
