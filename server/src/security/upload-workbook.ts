import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import * as XLSX from 'xlsx';

/** A one-row workbook the admin upload takes. */
export function uploadWorkbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    [...SPREADSHEET_COLUMNS],
    [
      'Uploaded One',
      'Upload Labs',
      'Sales',
      'Sales Development Rep',
      'Books meetings.',
      '$49/month',
      'https://uploaded.example',
    ],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
