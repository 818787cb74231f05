import { COMPARE_ROWS, type ComparedAgent, rowDiffers } from './compare-rows';
import { decodeEntities } from './html-entities';
import { escapeFormulaCell } from './spreadsheet-cells';

// A comparison as CSV (issue 28): the rows of the table (COMPARE_ROWS), one column per agent, and
// a column saying which rows differ. RFC 4180 quoting; text that a spreadsheet would run as a
// formula is escaped as in the admin download (spreadsheet-cells.ts).

function cell(text: string): string {
  const safe = escapeFormulaCell(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function comparisonCsv(agents: readonly ComparedAgent[]): string {
  const header = ['Fact', ...agents.map((agent) => decodeEntities(agent.name)), 'Differs'];
  const rows = COMPARE_ROWS.map((row) => [
    row.label,
    ...agents.map((agent) => row.text(agent)),
    rowDiffers(row, agents) ? 'yes' : 'no',
  ]);
  return `${[header, ...rows].map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

export const COMPARISON_CSV_FILE_NAME = 'agentry-comparison.csv';
