import { escapeFormulaCell, SPREADSHEET_COLUMNS, unescapeFormulaCell } from './spreadsheet-cells';

const FORMULA_LIKE = ['=SUM(A1)', '+1', '-5% off', '@cmd', '\tindent', '\rreturn'];
const PLAIN = ['Scout', '', ' =not first', '5-10', "it's", "'quoted'", 'a=b'];

describe('SPREADSHEET_COLUMNS', () => {
  it('lists the spec upload columns in order', () => {
    expect(SPREADSHEET_COLUMNS).toEqual([
      'Name',
      'Provider',
      'Category',
      'Role',
      'Description',
      'Cost',
      'Address',
    ]);
  });
});

describe('escapeFormulaCell', () => {
  it.each(FORMULA_LIKE)('When the text is %j, then it gets a leading apostrophe', (text) => {
    expect(escapeFormulaCell(text)).toBe(`'${text}`);
  });

  it.each(PLAIN)('When the text is %j, then it stays as it is', (text) => {
    expect(escapeFormulaCell(text)).toBe(text);
  });

  it('escapes a text that already starts with an apostrophe before a formula character', () => {
    expect(escapeFormulaCell("'=SUM(A1)")).toBe("''=SUM(A1)");
  });
});

describe('unescapeFormulaCell', () => {
  it('removes exactly one apostrophe before a formula character', () => {
    expect(unescapeFormulaCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unescapeFormulaCell("''=SUM(A1)")).toBe("'=SUM(A1)");
  });

  it('keeps an apostrophe that guards nothing', () => {
    expect(unescapeFormulaCell("'quoted'")).toBe("'quoted'");
    expect(unescapeFormulaCell("'")).toBe("'");
  });

  it.each([...FORMULA_LIKE, ...PLAIN, "'=x", "''-1", "'"])(
    'When %j is downloaded and uploaded back, then the text is the same',
    (text) => {
      expect(unescapeFormulaCell(escapeFormulaCell(text))).toBe(text);
    },
  );
});
