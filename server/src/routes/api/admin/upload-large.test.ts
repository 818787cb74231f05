import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import * as XLSX from 'xlsx';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser } from '../../../testing/visitor';

// A 10,000-row upload while other requests keep coming: the parse and the transaction run on a
// worker thread, so /healthz keeps answering throughout. (How fast: `npm run bench:upload`.)

const ROWS = 10_000;

function workbook(): Buffer {
  const sheet = [[...SPREADSHEET_COLUMNS]];
  for (let i = 0; i < ROWS; i++) {
    sheet.push([
      `Bulk Agent ${i}`,
      'Bulk Labs',
      ['Sales', 'Marketing', 'Finance'][i % 3]!,
      'Assistant',
      `Bulk Agent ${i} drafts replies to customer e-mails and books follow-up calls.`,
      '$19/month',
      `bulk-${i}.example`,
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

describe('a 10,000-row upload', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(ADMIN_ENV);
  });
  afterAll(() => server.stop());

  it('adds every row while /healthz keeps answering', async () => {
    const admin = await new AdminBrowser(server.running.url).signIn();
    const token = await admin.csrfToken();
    // Built before the watch begins: making the workbook holds this process (the server's too) for a
    // second or more of its own, which the gaps below would otherwise count against the upload.
    const file = workbook();
    const answered: number[] = [];
    let uploading = true;
    const watcher = (async () => {
      while (uploading) {
        const response = await server.http.get('/healthz');
        if (response.status === 200) answered.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const started = Date.now();
    const response = await admin.http
      .post('/api/admin/upload')
      .set('X-CSRF-Token', token)
      .attach('file', file, 'bulk.xlsx');
    const finished = Date.now();
    uploading = false;
    await watcher;

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, added: ROWS, skipped: 0 });
    expect(await server.running.context.store.agents.count()).toBe(ROWS);
    // Answers all along the upload: never a second without one.
    const during = answered.filter((at) => at >= started && at <= finished);
    expect(during.length).toBeGreaterThan(0);
    const times = [started, ...during, finished];
    const gaps = times.slice(1).map((at, index) => at - times[index]!);
    expect(Math.max(...gaps)).toBeLessThan(1000);
  }, 60_000);
});
