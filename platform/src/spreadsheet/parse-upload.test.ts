import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { parseUpload } from './parse-upload';
import { NOT_A_WORKBOOK, SpreadsheetRejected } from './spreadsheet-rejected';
import { workbookOf, zipOf } from './test-zips';

const HEADER = [...SPREADSHEET_COLUMNS];
const SCOUT = ['Scout', 'Acme', 'Sales', 'SDR', 'Finds leads', 'Free', 'scout.example'];
const CLOSER = ['Closer', 'Acme', 'Sales', 'AE', "'=SUM(A1)", "'-5% off", 'closer.example'];

function record(values: string[]): Record<string, string> {
  return Object.fromEntries(HEADER.map((header, index) => [header, values[index]!]));
}

function rejectionOf(action: () => unknown): SpreadsheetRejected {
  try {
    action();
  } catch (error) {
    if (error instanceof SpreadsheetRejected) return error;
    throw error;
  }
  throw new Error('the upload was accepted');
}

describe('parseUpload', () => {
  it('When a row is blank, then the rows below it keep their spreadsheet row numbers', () => {
    const bytes = workbookOf([HEADER, SCOUT, [], CLOSER]);

    const { rows, rowNumbers } = parseUpload(bytes, 'agents.xlsx');

    expect(rowNumbers).toEqual([2, 4]);
    expect(rows[0]).toEqual(record(SCOUT));
  });

  it('When a cell was escaped as a formula on download, then its apostrophe is removed', () => {
    const { rows } = parseUpload(workbookOf([HEADER, CLOSER]), 'agents.xlsx');

    expect(rows[0]).toMatchObject({ Description: '=SUM(A1)', Cost: '-5% off' });
  });

  it('When the workbook is an .xls, then it reads the same', () => {
    const { rows, rowNumbers } = parseUpload(workbookOf([HEADER, SCOUT], 'biff8'), 'agents.xls');

    expect(rows).toEqual([record(SCOUT)]);
    expect(rowNumbers).toEqual([2]);
  });

  it('When a text file is renamed .xlsx, then it is refused as not a workbook', () => {
    const csv = Buffer.from(`${HEADER.join(',')}\n${SCOUT.join(',')}\n`);

    expect(rejectionOf(() => parseUpload(csv, 'agents.xlsx')).message).toBe(NOT_A_WORKBOOK);
  });

  it('When the file is not named .xlsx or .xls, then it is refused', () => {
    expect(rejectionOf(() => parseUpload(workbookOf([HEADER, SCOUT]), 'agents.csv')).message).toBe(
      'Upload an Excel workbook (.xlsx or .xls)',
    );
  });

  it('When the zip holds 2,000 entries, then it is refused before SheetJS reads it', async () => {
    const zip = await zipOf(
      Array.from({ length: 2_000 }, (_, index) => [`part${index}.xml`, Buffer.from('<a/>')]),
      { compress: false },
    );

    expect(rejectionOf(() => parseUpload(zip, 'agents.xlsx')).message).toMatch(/too many parts/);
    // The check, not the speed, is tested (deflated, the 2,000 entries took seconds to build).
  }, 30_000);

  it('When there are more data rows than allowed, then the upload is refused', () => {
    const bytes = workbookOf([HEADER, SCOUT, CLOSER, SCOUT]);

    expect(rejectionOf(() => parseUpload(bytes, 'agents.xlsx', { maxRows: 2 })).message).toBe(
      'The spreadsheet has more than 2 rows',
    );
    expect(parseUpload(bytes, 'agents.xlsx', { maxRows: 3 }).rows).toHaveLength(3);
  });
});
