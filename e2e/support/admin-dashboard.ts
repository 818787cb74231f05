import { isDeepStrictEqual } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { horizontalOverflow } from './accounts';

// What admin.e2e.ts reads from and does to the staff dashboard: the agent it adds, the upload's
// spreadsheet and its panel, the overview's counts, the tables' rows, and public search asked from
// the page.

const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The agent the admin adds, and what the edit changes. */
export const AGENT = {
  name: 'Vellumwright',
  email: 'desk@vellumwright.example.com',
  provider: 'Inkhorn Systems',
  category: 'Finance',
  role: 'Bookkeeper',
  description: 'Matches receipts to ledger lines and drafts the month-end close notes.',
  cost: '$20/month',
  address: 'vellumwright.example.com',
};
export const EDITED = { cost: '$35/month', status: 'Featured' };

/**
 * How long a change made on the dashboard may take to show in public search before it counts as
 * never: a hang's limit, not a figure. How soon it shows (about a second) is bench:search's figure
 * ("a change searchable after"); a browser on CI's two busy cores can take a second to render alone.
 * The times are printed with E2E_TIMINGS=1.
 */
export const SEARCH_LIMIT_MS = 15_000;
export const timing = (what: string, ms: number) => {
  if (process.env.E2E_TIMINGS) console.log(`${what} ${ms} ms after the change`);
};
/** The demo catalog the harness seeds. */
export const SEEDED_AGENTS = 100;

/** The upload: header on sheet row 1, so the data rows are sheet rows 2 to 6. */
export const UPLOAD_NAME = 'new-agents.xlsx';
export const UPLOAD_ROWS = [
  ['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address'],
  [
    'Tallowmere',
    'Brightfen Co',
    'Legal',
    'Paralegal',
    'Drafts NDAs from a short brief.',
    'Free',
    'tallowmere.example.com',
  ],
  [
    'Costless Carl',
    'Brightfen Co',
    'Legal',
    'Paralegal',
    'Has no price in the sheet.',
    '',
    'carl.example.com',
  ],
  [
    'Quernstone',
    'Brightfen Co',
    'Research',
    'Analyst',
    'Summarises patent filings weekly.',
    '$9/month',
    'https://quernstone.example.com',
  ],
  [
    'Badlink Bob',
    'Brightfen Co',
    'Research',
    'Analyst',
    'Its address is no web address.',
    '$5/month',
    'ftp://files.example.com',
  ],
  [
    'Wickerlamp',
    'Brightfen Co',
    'Design',
    'Illustrator',
    'Sketches storyboards from scripts.',
    '$0.10 per image',
    'wickerlamp.example.com',
  ],
];
export const UPLOAD_GOOD = ['Tallowmere', 'Quernstone', 'Wickerlamp'];

export function workbook(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Polls `check` every 25 ms until it holds (or `limitMs` passes); answers how long after `since` it held. */
export async function msUntil(check: () => Promise<boolean>, since: number, limitMs = 5000): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error(`not true within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polls `read` every 50 ms until it equals `wanted` (20 s at most: a hang's limit), then expects it to. */
export async function eventually<T>(read: () => Promise<T>, wanted: T): Promise<void> {
  const started = Date.now();
  let last = await read();
  while (!isDeepStrictEqual(last, wanted) && Date.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  expect(last).toEqual(wanted);
}

/** Names public search finds for `query`, asked from the page's own request context. */
export async function searchedNames(page: Page, query: string): Promise<string[]> {
  const answer = await page.request.get(`/api/search?query=${encodeURIComponent(query)}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Array<{ name: string }>).map((agent) => agent.name);
}

export async function searchedId(page: Page, name: string): Promise<string> {
  const answer = await page.request.get(`/api/search?query=${encodeURIComponent(name)}`);
  const found = ((await answer.json()) as Array<{ id: string; name: string }>).find(
    (agent) => agent.name === name,
  );
  if (!found) throw new Error(`search does not find ${name}`);
  return found.id;
}

/** The value beside a term of the overview ("Total agents" → "104"). */
export const count = (page: Page, term: string) =>
  page.getByRole('region', { name: 'Overview' }).locator(`dt:text-is("${term}") + dd`);

/** A table's body rows, each as its cells' text (white space collapsed, list items joined by "; "). */
export function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => {
    const text = (node: Node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    return rows.map((row) =>
      [...row.querySelectorAll('td')].map((cell) => {
        const items = [...cell.querySelectorAll('li')];
        return items.length > 0 ? items.map(text).join('; ') : text(cell);
      }),
    );
  });
}

/** Chooses `name` in the upload's file input, presses Upload and waits for the report. */
export async function uploadFile(page: Page, name: string, buffer: Buffer): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'Upload agents from Excel' });
  await panel
    .getByLabel('Drop an Excel file (.xlsx or .xls) here, or choose one')
    .setInputFiles({ name, mimeType: SPREADSHEET, buffer });
  await panel.getByText(`Ready: ${name}`).waitFor();
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  await panel
    .getByRole('status')
    .getByText(new RegExp(`^${name.replace('.', '\\.')}: added`))
    .waitFor();
  return panel;
}

/**
 * The page's overflow once its charts have redrawn at the viewport's width (chart.js follows its
 * box on its own): polled, 2 s at most.
 */
export async function settledOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  let overflow = await horizontalOverflow(page);
  for (let tries = 0; tries < 40 && overflow.scrollWidth > overflow.clientWidth; tries++) {
    await page.waitForTimeout(50);
    overflow = await horizontalOverflow(page);
  }
  return overflow;
}

/** Narrows the audit log to an action and an entity type ('All': any). */
export async function filterAuditLog(filters: Locator, action: string, entityType = 'All'): Promise<void> {
  await filters.getByLabel('Action').selectOption({ label: action });
  await filters.getByLabel('Entity type').selectOption({ label: entityType });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
}
