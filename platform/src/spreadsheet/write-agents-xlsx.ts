import { PassThrough, Readable } from 'node:stream';
import { AGENT_FIELDS, type Agent, type AgentField } from '@agentry/domain/agent';
import type { AgentProfile } from '@agentry/domain/agent-profile';
import { PROFILE_COLUMNS, profileCells } from '@agentry/domain/profile-cells';
import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { ZipFile } from 'yazl';
import { HEADER_STYLE, rowXml, SHEET_XML_END, sheetXmlStart } from './sheet-xml';
import { FIXED_PARTS, SHEET_PATH } from './xlsx-package-parts';

/** An agent's row: the spec's fields, then its structured profile's columns (empty when it has none). */
export type SpreadsheetAgent = Pick<Agent, AgentField> & { profile?: AgentProfile | null };

/** Every column of the download: the spec's, then the structured profile's (issue 28). */
export const DOWNLOAD_COLUMNS: readonly string[] = [...SPREADSHEET_COLUMNS, ...PROFILE_COLUMNS];
const PROFILE_COLUMN_WIDTH = 18;
const NO_PROFILE = PROFILE_COLUMNS.map(() => '');

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
  const widths = [
    ...AGENT_FIELDS.map((field) => COLUMN_WIDTHS[field]),
    ...PROFILE_COLUMNS.map(() => PROFILE_COLUMN_WIDTH),
  ];
  yield Buffer.from(sheetXmlStart(widths) + rowXml(1, DOWNLOAD_COLUMNS, HEADER_STYLE));
  let rowNumber = 1;
  for await (const batch of batches) {
    // An empty chunk would read as the end of the stream.
    if (batch.length === 0) continue;
    const rows = batch.map((agent) =>
      rowXml(++rowNumber, [
        ...AGENT_FIELDS.map((field) => agent[field] ?? ''),
        ...(agent.profile ? profileCells(agent.profile) : NO_PROFILE),
      ]),
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
