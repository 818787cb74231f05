import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { ImportFileError } from './import-file-error';
import { detectDelimiter } from './read-csv-rows';
import { readRows, UNSUPPORTED_FILE_TYPE } from './read-rows';

const HEADER = ['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address'];
const SCOUT = ['Scout', 'Acme', 'Sales', 'SDR', 'Finds leads', 'Free', 'scout.example'];
const SCOUT_ROW = Object.fromEntries(HEADER.map((header, index) => [header, SCOUT[index]]));

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-read-rows-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes the fixture to disk and reads it back, as the CLI does with a real file. */
function fixture(name: string, content: string | Buffer): Buffer {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return fs.readFileSync(file);
}

function workbook(rows: unknown[][], bookType: XLSX.BookType): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Agents');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Ignored']]), 'Second');
  return XLSX.write(book, { bookType, type: 'buffer' }) as Buffer;
}

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('readRows', () => {
  describe('JSON', () => {
    it('When the file holds an array of objects, then each object is a row numbered from 1', () => {
      const bytes = fixture(
        'agents.json',
        JSON.stringify([{ name: 'Scout' }, { name: 'Atlas', source: 'x' }]),
      );

      const result = readRows(bytes, 'agents.json');

      expect(result).toEqual({
        rows: [{ name: 'Scout' }, { name: 'Atlas', source: 'x' }],
        rowNumbers: [1, 2],
      });
    });

    it('When the JSON starts with a byte-order mark, then it is still read', () => {
      const bytes = fixture('agents.json', `\ufeff${JSON.stringify([{ name: 'Scout' }])}`);

      expect(readRows(bytes, 'agents.json').rows).toEqual([{ name: 'Scout' }]);
    });

    it.each([
      ['an object', '{"name":"Scout"}', 'agents.json must contain a JSON array of agent objects'],
      ['an array with a string', '[{"name":"Scout"},"Atlas"]', 'but item 2 is not an object'],
      ['broken JSON', '[{"name":', 'agents.json is not valid JSON'],
    ])('When the file holds %s, then it is refused with a clear message', (_, content, message) => {
      const bytes = fixture('agents.json', content);

      const error = errorOf(() => readRows(bytes, 'agents.json'));

      expect(error).toBeInstanceOf(ImportFileError);
      expect(error.message).toContain(message);
    });
  });

  describe('CSV', () => {
    it('When the file has a header row, a BOM and padded cells, then rows are keyed by the trimmed headers', () => {
      const csv = `\ufeff${HEADER.map((header) => ` ${header} `).join(',')}\n${SCOUT.map((cell) => ` ${cell} `).join(',')}\n`;
      const bytes = fixture('agents.csv', csv);

      const result = readRows(bytes, 'agents.csv');

      expect(result).toEqual({ rows: [SCOUT_ROW], rowNumbers: [2] });
    });

    it('When rows are quoted, multi-line or follow blank lines, then row numbers match the spreadsheet rows', () => {
      const csv = [
        'Name,Description',
        'Scout,"Finds leads, fast"',
        '',
        'Atlas,"Maps\nroutes"',
        'Beacon,Lights',
        '',
      ];
      const bytes = fixture('agents.csv', csv.join('\r\n'));

      const result = readRows(bytes, 'agents.csv');

      expect(result.rows.map((row) => row.Name)).toEqual(['Scout', 'Atlas', 'Beacon']);
      expect(result.rows[1]!.Description).toBe('Maps\nroutes');
      expect(result.rowNumbers).toEqual([2, 4, 5]);
    });

    it('When a row has only empty cells, then it is dropped but later rows keep their number', () => {
      const bytes = fixture('agents.csv', 'Name,Provider\n,\nScout,Acme\n');

      const result = readRows(bytes, 'agents.csv');

      expect(result).toEqual({ rows: [{ Name: 'Scout', Provider: 'Acme' }], rowNumbers: [3] });
    });

    it('When Excel saved the CSV with semicolons, then the semicolon is the delimiter', () => {
      const bytes = fixture('agents.csv', 'Name;Description\nScout;Finds leads, fast\n');

      expect(readRows(bytes, 'agents.csv').rows).toEqual([
        { Name: 'Scout', Description: 'Finds leads, fast' },
      ]);
    });

    it('When the header has commas, then semicolons in the data do not change the delimiter', () => {
      expect(detectDelimiter(Buffer.from('Name,Description\nScout;Atlas;Beacon,x'))).toBe(',');
    });
  });

  describe.each([
    ['.xlsx', 'xlsx'],
    ['.xls', 'biff8'],
  ] as const)('%s workbook', (extension, bookType) => {
    const name = `agents${extension}`;

    it('When the first sheet has a header row, then its rows are read with empty cells as empty text', () => {
      const bytes = fixture(name, workbook([HEADER, SCOUT, ['Atlas', 'Acme']], bookType));

      const result = readRows(bytes, name);

      expect(result.rows).toEqual([
        SCOUT_ROW,
        { ...Object.fromEntries(HEADER.map((header) => [header, ''])), Name: 'Atlas', Provider: 'Acme' },
      ]);
      expect(result.rowNumbers).toEqual([2, 3]);
    });

    it('When rows below blank rows are read, then they keep their sheet row number', () => {
      const bytes = fixture(name, workbook([['Name'], ['Scout'], [], ['', ''], ['Atlas']], bookType));

      const result = readRows(bytes, name);

      expect(result.rows.map((row) => row.Name)).toEqual(['Scout', 'Atlas']);
      expect(result.rowNumbers).toEqual([2, 5]);
    });

    it('When a cell holds a number, then the text it shows is read', () => {
      const bytes = fixture(
        name,
        workbook(
          [
            ['Name', 'Cost'],
            ['Scout', 29],
          ],
          bookType,
        ),
      );

      expect(readRows(bytes, name).rows).toEqual([{ Name: 'Scout', Cost: '29' }]);
    });

    it('When a CSV file was renamed to this extension, then it is refused as not a workbook', () => {
      const bytes = fixture(name, `${HEADER.join(',')}\n${SCOUT.join(',')}\n`);

      const error = errorOf(() => readRows(bytes, name));

      expect(error).toBeInstanceOf(ImportFileError);
      expect(error.message).toBe(
        `${name} is not an Excel workbook (was another kind of file renamed?): save it from Excel as .xlsx or .xls`,
      );
    });

    it('When the workbook has only a header row, then it is refused as having no rows', () => {
      const bytes = fixture(name, workbook([HEADER], bookType));

      expect(() => readRows(bytes, name)).toThrow(`${name} has no rows to import`);
    });
  });

  it('When a zip file is not a workbook, then it is refused as unreadable', () => {
    const bytes = fixture('agents.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]));

    expect(() => readRows(bytes, 'agents.xlsx')).toThrow(/^agents\.xlsx could not be read as a workbook/);
  });

  it('When an .xlsx workbook is saved as .xls, then it is read by its content', () => {
    const bytes = fixture('agents.xls', workbook([['Name'], ['Scout']], 'xlsx'));

    expect(readRows(bytes, 'agents.xls').rows).toEqual([{ Name: 'Scout' }]);
  });

  it.each(['agents.json', 'agents.csv', 'agents.xlsx', 'agents.xls'])(
    'When %s is empty, then it is refused as empty',
    (name) => {
      const bytes = fixture(name, '');

      expect(() => readRows(bytes, name)).toThrow(`${name} is empty`);
    },
  );

  it.each([
    ['agents.json', '[]'],
    ['agents.csv', 'Name,Provider\n'],
    ['agents.csv', 'Name,Provider\n,\n\n'],
  ])('When %s holds %j, then it is refused as having no rows', (name, content) => {
    const bytes = fixture(name, content);

    expect(() => readRows(bytes, name)).toThrow(`${name} has no rows to import`);
  });

  it.each(['agents.txt', 'agents.ods', 'agents'])(
    'When the file is named %s, then its type is unsupported',
    (name) => {
      const bytes = fixture(name, 'Name\nScout\n');

      expect(() => readRows(bytes, name)).toThrow(UNSUPPORTED_FILE_TYPE);
    },
  );

  it('When the extension is upper-case, then the format is still recognised', () => {
    const bytes = fixture('AGENTS.CSV', 'Name\nScout\n');

    expect(readRows(bytes, path.join(dir, 'AGENTS.CSV')).rows).toEqual([{ Name: 'Scout' }]);
  });
});
