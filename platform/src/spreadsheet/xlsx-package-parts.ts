// The fixed parts of a one-sheet .xlsx package (ECMA-376 parts 1 and 2): what the package holds,
// where the workbook is, its single sheet and a style sheet with a bold font for the header row.

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SPREADSHEET_TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

const CONTENT_TYPES =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${SPREADSHEET_TYPES}.sheet.main+xml"/>` +
  `<Override PartName="/${SHEET_PATH}" ContentType="${SPREADSHEET_TYPES}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${SPREADSHEET_TYPES}.styles+xml"/>` +
  '</Types>';

const PACKAGE_RELATIONSHIPS =
  `<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK =
  `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}">` +
  '<sheets><sheet name="AI agents" sheetId="1" r:id="rId1"/></sheets>' +
  '</workbook>';

const WORKBOOK_RELATIONSHIPS =
  `<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

// Excel requires the two default fills and one border even when nothing uses them.
const STYLES =
  `<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Path and XML of every part but the sheet, in the order they go into the zip. */
export const FIXED_PARTS: ReadonlyArray<readonly [path: string, xml: string]> = [
  ['[Content_Types].xml', XML_DECLARATION + CONTENT_TYPES],
  ['_rels/.rels', XML_DECLARATION + PACKAGE_RELATIONSHIPS],
  ['xl/workbook.xml', XML_DECLARATION + WORKBOOK],
  ['xl/_rels/workbook.xml.rels', XML_DECLARATION + WORKBOOK_RELATIONSHIPS],
  ['xl/styles.xml', XML_DECLARATION + STYLES],
];
