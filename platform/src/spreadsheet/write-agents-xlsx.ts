import { PassThrough, Readable } from 'node:stream';
import { AGENT_FIELDS, type Agent, type AgentField } from '@agentry/domain/agent';
import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { ZipFile } from 'yazl';
import { HEADER_STYLE, rowXml, SHEET_XML_END, sheetXmlStart } from './sheet-xml';
import { FIXED_PARTS, SHEET_PATH } from './xlsx-package-parts';

export type SpreadsheetAgent = Pick<Agent, AgentField>;

/** In characters; SPREADSHEET_COLUMNS follow AGENT_FIELDS, so these line up with them. */
const COLUMN_WIDTHS: Record<AgentField, number> = {
  name: 28,
  provider: 22,
  category: 20,
  role: 24,
  description: 60,
  cost: 16,
  address: 36,
};

async function* sheetXmlChunks(batches: AsyncIterable<SpreadsheetAgent[]>): AsyncGenerator<Buffer> {
  const widths = AGENT_FIELDS.map((field) => COLUMN_WIDTHS[field]);
  yield Buffer.from(sheetXmlStart(widths) + rowXml(1, SPREADSHEET_COLUMNS, HEADER_STYLE));
  let rowNumber = 1;
  for await (const batch of batches) {
    // An empty chunk would read as the end of the stream.
    if (batch.length === 0) continue;
    const rows = batch.map((agent) =>
      rowXml(
        ++rowNumber,
        AGENT_FIELDS.map((field) => agent[field] ?? ''),
      ),
    );
    yield Buffer.from(rows.join(''));
  }
  yield Buffer.from(SHEET_XML_END);
}

/**
 * The agents as an .xlsx workbook, streamed: the next batch is read only when the zip needs more
 * of the sheet, so memory holds a batch, not the catalog. An error from the batches destroys the
 * stream with that error; destroying the stream stops reading the batches.
 */
export function agentsWorkbookStream(batches: AsyncIterable<SpreadsheetAgent[]>): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  const sheet = Readable.from(sheetXmlChunks(batches), { objectMode: false });
  // yazl neither listens for its input's errors nor stops the input when the output goes away.
  sheet.once('error', (error) => output.destroy(error));
  zip.once('error', (error: Error) => output.destroy(error));
  output.once('close', () => sheet.destroy());
  for (const [path, xml] of FIXED_PARTS) zip.addBuffer(Buffer.from(xml), path);
  zip.addReadStream(sheet, SHEET_PATH);
  zip.end();
  return output;
}
