import { escapeFormulaCell } from '@agentry/domain/spreadsheet-cells';

// The pieces of an Office Open XML worksheet (ECMA-376 part 1, 18.3), written a row at a time so
// a sheet of any length streams. Cells are inline strings: no shared-string table to hold whole.

export const HEADER_STYLE = 1; // the bold cell format of xlsx-package-parts' styles.xml

// XML 1.0 allows no other control characters and no unpaired surrogates; Excel refuses the whole
// file over a single one, so they are dropped.
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
// Excel and SheetJS read _xHHHH_ in a string as the character HHHH; escaping the underscore as
// _x005F_ keeps such text literal.
const EXCEL_CHARACTER_ESCAPE = /_(?=x[0-9A-Fa-f]{4}_)/g;
const EXCEL_MAX_CELL_LENGTH = 32_767;
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  // A parser turns a raw carriage return into a line feed; the reference survives.
  '\r': '&#13;',
};

function columnLetters(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : columnLetters(Math.floor(index / 26) - 1) + letter;
}

/** The cell's text as worksheet XML: formula-looking text escaped, then made valid XML. */
export function cellXmlText(value: string): string {
  // Characters XML cannot hold go first: dropped after the escape, a leading one would hide a
  // formula from it ("\u0007=1+2" would reach the sheet as "=1+2").
  return escapeFormulaCell(value.replace(NOT_XML_CHARACTER, ''))
    .slice(0, EXCEL_MAX_CELL_LENGTH)
    .replace(EXCEL_CHARACTER_ESCAPE, '_x005F_')
    .replace(/[&<>\r]/g, (character) => XML_ENTITIES[character]!);
}

/** One <row>, its cells in column order from A; empty cells are left out, as Excel does. */
export function rowXml(rowNumber: number, values: readonly string[], style?: number): string {
  const styleAttribute = style === undefined ? '' : ` s="${style}"`;
  const cells = values.map((value, index) =>
    value === ''
      ? ''
      : `<c r="${columnLetters(index)}${rowNumber}" t="inlineStr"${styleAttribute}><is><t xml:space="preserve">${cellXmlText(value)}</t></is></c>`,
  );
  return `<row r="${rowNumber}">${cells.join('')}</row>`;
}

/** Everything before the first row: the header row stays in view while scrolling. */
export function sheetXmlStart(columnWidths: readonly number[]): string {
  const columns = columnWidths
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews>' +
    `<cols>${columns}</cols><sheetData>`
  );
}

export const SHEET_XML_END = '</sheetData></worksheet>';
