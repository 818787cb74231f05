import { agentsWorkbookStream } from '@agentry/platform/spreadsheet/write-agents-xlsx';
import { agentInput } from '@agentry/platform/store/contract';
import * as XLSX from 'xlsx';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { AdminBrowser, BUSY_ADMIN_ENV } from '../../../testing/visitor';

// The admin's spreadsheet round trip through the real app on a real embedded store: an upload that
// adds the good rows and reports each bad one, files refused by name, content, size and zip bomb, and
// the download of every agent (formula cells escaped) that uploads back adding nothing.

const ROWS_HEADER = ['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address'];

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([ROWS_HEADER, ...rows]), 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const row = (name: string, overrides: Partial<Record<'cost' | 'address' | 'category', string>> = {}) => [
  name,
  'Upload Labs',
  overrides.category ?? 'Sales',
  'Sales Development Rep',
  `${name} books meetings from cold email replies.`,
  overrides.cost ?? '$49/month',
  overrides.address ?? 'https://upload.example',
];

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('admin API', () => {
  let server: TestServer;
  const store = () => server.running.context.store;
  const admin = () => new AdminBrowser(server.running.url).signIn();

  beforeAll(async () => {
    server = await startTestServer(BUSY_ADMIN_ENV);
  });
  afterAll(() => server.stop());

  describe('upload and download', () => {
    it('adds the good rows, reports each bad one with its spreadsheet row, and adds nothing twice', async () => {
      const browser = await admin();
      const bytes = workbook([
        row('Upload Alpha'),
        row('Upload Beta', { cost: '' }),
        [],
        row('Upload Gamma', { address: 'not a url' }),
        row('Upload Alpha'),
      ]);
      const first = await browser.upload(bytes, 'agents.xlsx');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, added: 1, skipped: 3 });
      expect(first.body.skipped_agents).toEqual([
        { row: 3, name: 'Upload Beta', reason: expect.stringMatching(/cost/i) },
        { row: 5, name: 'Upload Gamma', reason: expect.stringMatching(/address|url/i) },
        { row: 6, name: 'Upload Alpha', reason: 'Already listed (same name and provider)' },
      ]);
      const again = await browser.upload(bytes, 'agents.xlsx');
      expect(again.body).toMatchObject({ added: 0, skipped: 4 });
      const audit = await browser.get('/api/admin/audit?action=upload&limit=1').expect(200);
      expect(audit.body.entries[0]).toMatchObject({
        entity_label: 'agents.xlsx',
        after: { added: 0, skipped: 4 },
      });
    });

    it('refuses a file that is not an Excel workbook, by name and by content, and one too large', async () => {
      const browser = await admin();
      const csv = await browser.upload(Buffer.from('Name,Provider\nA,B\n'), 'agents.csv');
      expect(csv.status).toBe(415);
      expect(csv.body).toEqual({ success: false, error: 'Please upload an Excel file (.xlsx or .xls)' });
      const renamed = await browser.upload(Buffer.from('Name,Provider\nA,B\n'), 'agents.xlsx');
      expect(renamed.status).toBe(400);
      expect(renamed.body.error).toMatch(/not an Excel workbook/);
      const huge = await browser.upload(Buffer.alloc(11 * 1024 * 1024, 1), 'huge.xlsx');
      expect(huge.status).toBe(413);
      expect(huge.body.error).toMatch(/too large/);
      const none = await browser.post('/api/admin/upload').expect(400);
      expect(none.body.error).toMatch(/choose an Excel file/);
    });

    it('refuses a zip bomb before parsing it', async () => {
      const browser = await admin();
      // 30 MB of one repeated character compress to about 30 KB: a ratio no workbook has.
      const { default: yazl } = await import('yazl');
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.alloc(30 * 1024 * 1024, 0x41), 'xl/worksheets/sheet1.xml');
      zip.end();
      const bomb = await collect(zip.outputStream);
      const response = await browser.upload(bomb, 'bomb.xlsx');
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/too large when unpacked|compress/i);
    });

    it('downloads ai_agents.xlsx with formula cells escaped, and the file uploads back adding nothing', async () => {
      const browser = await admin();
      await store().agents.create(
        agentInput({ name: '=HYPERLINK("http://evil")', provider: 'Formula Labs' }),
      );
      const response = await browser.downloadAgents();
      expect(response.headers['content-disposition']).toBe('attachment; filename="ai_agents.xlsx"');
      const bytes = response.body as Buffer;
      const sheet = XLSX.read(bytes, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet.Sheets[sheet.SheetNames[0]!]!);
      expect(Object.keys(rows[0]!)).toEqual(ROWS_HEADER);
      const evil = rows.find((entry) => entry.Provider === 'Formula Labs');
      expect(evil?.Name).toBe('\'=HYPERLINK("http://evil")');
      expect(rows.length).toBe(await store().agents.count());

      const before = await store().agents.count({ includeRemoved: true });
      const back = await browser.upload(bytes, 'ai_agents.xlsx');
      expect(back.body).toMatchObject({ success: true, added: 0, skipped: rows.length });
      expect(await store().agents.count({ includeRemoved: true })).toBe(before);
    });

    it('streams the same workbook the spreadsheet module writes (sanity check of the test reader)', async () => {
      const bytes = await collect(
        agentsWorkbookStream(
          (async function* () {
            yield [agentInput()];
          })(),
        ),
      );
      expect(XLSX.read(bytes, { type: 'buffer' }).SheetNames).toHaveLength(1);
    });
  });
});
