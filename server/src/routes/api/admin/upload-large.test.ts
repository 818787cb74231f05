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
    // The parse's own guard (PARSE_TIMEOUT_MS, 30 s) bounds a hostile file; 10,000 honest rows,
    // parsed by a worker that compiles its TypeScript first, passed it at load 25. Not what is
    // tested here, so the guard is set past any machine's time.
    server = await startTestServer(ADMIN_ENV, { uploadTimeoutMs: 600_000 });
  });
  afterAll(() => server.stop());

  it('adds every row while /healthz keeps answering', async () => {
    const admin = await new AdminBrowser(server.running.url).signIn();
    const token = await admin.csrfToken();
    // Built before the watch begins: making the workbook holds this process (the server's too) for a
    // second or more of its own.
    const file = workbook();
    // The import's span, seen from the request thread: from the call until its promise settles. A
    // parse or a transaction on this thread would hold it, so no /healthz could be answered inside.
    const context = server.running.context;
    const importUpload = context.importUpload;
    let importing = false;
    let imports = 0;
    context.importUpload = (bytes, fileName) => {
      imports += 1;
      importing = true;
      const outcome = importUpload(bytes, fileName);
      void outcome.finally(() => {
        importing = false;
      });
      return outcome;
    };
    // Order, not a stopwatch: an answer counts when its request was sent while the import ran and
    // it came back before the import ended. (How long the gaps are: `npm run bench:upload`.)
    let answeredInside = 0;
    let uploading = true;
    const watcher = (async () => {
      while (uploading) {
        const sentInside = importing;
        const response = await server.http.get('/healthz');
        if (response.status === 200 && sentInside && importing) answeredInside += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      const response = await admin.http
        .post('/api/admin/upload')
        .set('X-CSRF-Token', token)
        .attach('file', file, 'bulk.xlsx');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, added: ROWS, skipped: 0 });
    } finally {
      uploading = false;
      await watcher;
      context.importUpload = importUpload;
    }
    expect(await server.running.context.store.agents.count()).toBe(ROWS);
    expect(imports).toBe(1);
    // Several, not one: the thread is free all along the import, not at one moment of it.
    expect(answeredInside).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
