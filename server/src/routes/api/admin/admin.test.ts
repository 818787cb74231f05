import { agentsWorkbookStream } from '@agentry/platform/spreadsheet/write-agents-xlsx';
import { agentInput } from '@agentry/platform/store/contract';
import * as XLSX from 'xlsx';
import { scryptHash } from '../../../auth/scrypt-hash';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, ADMIN_PASSWORD, AdminBrowser, accountForm, Visitor } from '../../../testing/visitor';

// The admin API through the real app on a real embedded store and index: staff sign-in and its
// session, every right enforced on the server, agents, subscribers, the spreadsheet round trip,
// the reindex and the audit log of all of it.

/** Every admin endpoint but the sign-in and its token, with a body each would accept. */
const ADMIN_ENDPOINTS: Array<[method: 'get' | 'post' | 'put' | 'delete', path: string]> = [
  ['get', '/api/admin/me'],
  ['post', '/api/admin/logout'],
  ['get', '/api/admin/stats'],
  ['get', '/api/admin/agents'],
  ['post', '/api/admin/agents'],
  ['put', '/api/admin/agents/1'],
  ['delete', '/api/admin/agents/1'],
  ['post', '/api/admin/agents/1/restore'],
  ['get', '/api/admin/subscribers'],
  ['put', '/api/admin/subscribers/1/subscription-status'],
  ['post', '/api/admin/upload'],
  ['get', '/api/admin/download-agents'],
  ['post', '/api/admin/reindex'],
  ['get', '/api/admin/reindex'],
  ['get', '/api/admin/audit'],
];

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
    // One test client does a day's staff work in seconds: limits that fit a person would refuse it.
    server = await startTestServer({
      ...ADMIN_ENV,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      RATE_LIMIT_LOGINS_PER_15_MINUTES: '10000',
      RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: '10000',
      SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '10000',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '10000',
    });
  });
  afterAll(() => server.stop());

  describe('who may call it', () => {
    it('creates the first admin from ADMIN_USERNAME at start, with a hashed password', async () => {
      const stored = await store().admins.findByUsernameWithSecret(ADMIN_ENV.ADMIN_USERNAME);
      expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(stored?.password_hash).not.toContain(ADMIN_PASSWORD);
    });

    it('signs in an admin whose password was hashed with scrypt, and stores an Argon2id hash instead', async () => {
      await store().admins.create({
        username: 'veteran',
        password_hash: await scryptHash('veteran password 1'),
      });
      await new AdminBrowser(server.running.url).signIn('veteran', 'veteran password 1');
      const stored = (await store().admins.findByUsernameWithSecret('veteran'))!.password_hash;
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await new AdminBrowser(server.running.url).signIn('veteran', 'veteran password 1');
    }, 30_000);

    it('refuses every admin endpoint to a visitor, a provider and an employer with 401', async () => {
      const visitor = new Visitor(server.running.url);
      const provider = new Visitor(server.running.url);
      await provider.post('/api/users', accountForm({ email: 'p@example.com' })).expect(201);
      const employer = new Visitor(server.running.url);
      await employer
        .post('/api/users', accountForm({ email: 'e@example.com', user_type: 'employer' }))
        .expect(201);
      for (const browser of [visitor, provider, employer]) {
        for (const [method, path] of ADMIN_ENDPOINTS) {
          // With the user's own CSRF token, as a crafted page in their browser could not even do.
          const token = await browser.csrfToken();
          const response = await browser.http[method](path).set('X-CSRF-Token', token).send({});
          expect({ path, status: response.status }).toEqual({ path, status: 401 });
        }
      }
    });

    it("answers 'Invalid credentials' to a wrong password or an unknown username, alike", async () => {
      for (const [username, password] of [
        [ADMIN_ENV.ADMIN_USERNAME, 'wrong password 123'],
        ['nobody', ADMIN_PASSWORD],
      ]) {
        const response = await new AdminBrowser(server.running.url)
          .post('/api/admin/login', { username, password })
          .expect(401);
        expect(response.body).toEqual({ success: false, error: 'Invalid credentials' });
      }
    });

    it('signs in on a fresh session id with its own cookie, limited to /api/admin, and signs out', async () => {
      const browser = new AdminBrowser(server.running.url);
      const started = await browser.http.get('/api/admin/csrf-token').expect(200);
      const before = String(started.headers['set-cookie']);
      const login = await browser
        .post('/api/admin/login', { username: 'STAFF', password: ADMIN_PASSWORD })
        .expect(200);
      expect(login.body).toMatchObject({
        success: true,
        admin: { username: 'staff' },
        csrf_token: expect.any(String),
      });
      const cookie = (login.headers['set-cookie'] as unknown as string[]).find((line) =>
        line.startsWith('agentry.admin='),
      )!;
      expect(cookie).toMatch(/^agentry\.admin=/);
      expect(cookie).toMatch(/Path=\/api\/admin/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie.split(';')[0]).not.toBe(before.split(';')[0]);
      expect((await browser.get('/api/admin/me').expect(200)).body.admin).toEqual({ username: 'staff' });
      // An admin is no user: the users' API does not see one.
      expect((await browser.get('/api/auth/me').expect(200)).body.user).toBeNull();
      await browser.post('/api/admin/logout').expect(200);
      await browser.get('/api/admin/me').expect(401);
    });

    it('tells the admin screen whether an admin is signed in with 200 either way, while /me keeps its 401', async () => {
      const browser = new AdminBrowser(server.running.url);
      // A visitor: no error status for the sign-in page's question, and nothing else given away.
      const visitor = await browser.get('/api/admin/session').expect(200);
      expect(visitor.body).toEqual({ success: true, admin: null });
      await browser.get('/api/admin/me').expect(401);
      await browser.get('/api/admin/stats').expect(401);
      await browser.signIn();
      const admin = await browser.get('/api/admin/session').expect(200);
      expect(admin.body).toEqual({
        success: true,
        admin: { username: 'staff' },
        csrf_token: expect.any(String),
      });
      await browser.post('/api/admin/logout').expect(200);
      expect((await browser.get('/api/admin/session').expect(200)).body.admin).toBeNull();
    });

    it('needs the CSRF token on sign-in and on every change', async () => {
      const browser = new AdminBrowser(server.running.url);
      await browser.http
        .post('/api/admin/login')
        .send({ username: 'staff', password: ADMIN_PASSWORD })
        .expect(403);
      await browser.signIn();
      const refused = await browser.http.post('/api/admin/agents').send(agentInput()).expect(403);
      expect(refused.body.error).toBe('Invalid or missing CSRF token');
    });
  });

  describe('agents', () => {
    it('names every missing required field in one message', async () => {
      const browser = await admin();
      const response = await browser.post('/api/admin/agents', { name: 'Half', provider: '' }).expect(400);
      expect(response.body).toMatchObject({
        success: false,
        error: 'Please fill in all required fields: Provider, Category, Role, Description, Cost, Address',
      });
    });

    it('adds, edits, soft-deletes and restores an agent; search follows; the audit log records each change', async () => {
      const browser = await admin();
      const created = await browser
        .post('/api/admin/agents', {
          ...agentInput({ name: 'Quokka Scheduler' }),
          address: 'quokka.example',
          email: '',
        })
        .expect(201);
      const id = created.body.agent.id as string;
      expect(created.body.agent).toMatchObject({
        address: 'https://quokka.example',
        email: null,
        removed: false,
      });
      const found = async (query: string) =>
        (
          (await server.http.get(`/api/search?query=${encodeURIComponent(query)}`)).body as Array<{
            id: string;
          }>
        ).some((agent) => agent.id === id);
      await eventually(() => found('Quokka Scheduler'));

      const edited = await browser
        .put(`/api/admin/agents/${id}`, {
          ...agentInput({ name: 'Quokka Scheduler', cost: '$99/month' }),
          status: 'Verified',
        })
        .expect(200);
      expect(edited.body.agent).toMatchObject({ cost: '$99/month', status: 'Verified' });

      const deleted = await browser.delete(`/api/admin/agents/${id}`).expect(200);
      expect(deleted.body.agent.removed).toBe(true);
      await eventually(async () => !(await found('Quokka Scheduler')));
      await server.http.get(`/api/agents/${id}`).expect(404);
      // The admin list still shows it, marked removed.
      const listed = await browser.get('/api/admin/agents?limit=500').expect(200);
      expect(listed.body.agents.find((agent: { id: string }) => agent.id === id)).toMatchObject({
        removed: true,
      });

      await browser.post(`/api/admin/agents/${id}/restore`).expect(200);
      await eventually(() => found('Quokka Scheduler'));

      const audit = await browser.get(`/api/admin/audit?entity_type=agent&entity_id=${id}`).expect(200);
      expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
        'restore',
        'delete',
        'update',
        'create',
      ]);
      expect(audit.body.entries[2]).toMatchObject({
        actor: 'staff',
        entity_label: 'Quokka Scheduler',
        before: { cost: '$29/month', status: null },
        after: { cost: '$99/month', status: 'Verified' },
      });
    });

    it('pages the admin list with removed agents and the total in a header', async () => {
      const browser = await admin();
      const page = await browser.get('/api/admin/agents?limit=1').expect(200);
      expect(page.body.agents).toHaveLength(1);
      expect(Number(page.headers['x-total-count'])).toBe(page.body.total);
      await browser.get('/api/admin/agents?limit=501').expect(400);
      await browser.put('/api/admin/agents/999999', agentInput()).expect(404);
    });
  });

  describe('subscribers', () => {
    it('lists subscribers with their agent counts and switches a subscription on and off', async () => {
      const browser = await admin();
      const signup = new Visitor(server.running.url);
      const created = await signup.post('/api/users', accountForm({ email: 'sub@example.com' })).expect(201);
      const id = created.body.user_id as string;
      const list = await browser.get('/api/admin/subscribers?limit=500').expect(200);
      const listed = list.body.subscribers.find((subscriber: { id: string }) => subscriber.id === id);
      expect(listed).toMatchObject({
        email: 'sub@example.com',
        subscription_status: 'inactive',
        agent_count: 0,
      });
      expect(listed).not.toHaveProperty('password_hash');
      expect(listed).not.toHaveProperty('stripe_customer_id');

      const on = await browser
        .put(`/api/admin/subscribers/${id}/subscription-status`, { subscription_status: 'active' })
        .expect(200);
      expect(on.body.subscriber.subscription_status).toBe('active');
      await browser
        .put(`/api/admin/subscribers/${id}/subscription-status`, { subscription_status: 'paused' })
        .expect(400);
      await browser
        .put(`/api/admin/subscribers/${id}/subscription-status`, { subscription_status: 'inactive' })
        .expect(200);
      const audit = await browser.get(`/api/admin/audit?entity_type=subscriber&entity_id=${id}`).expect(200);
      expect(audit.body.entries.map((entry: { after: object }) => entry.after)).toEqual([
        { subscription_status: 'inactive' },
        { subscription_status: 'active' },
      ]);
    });
  });

  describe('upload and download', () => {
    const upload = (browser: AdminBrowser, bytes: Buffer, name: string) =>
      new Promise<import('supertest').Response>((resolve, reject) => {
        browser
          .csrfToken()
          .then((token) =>
            browser.http
              .post('/api/admin/upload')
              .set('X-CSRF-Token', token)
              .attach('file', bytes, name)
              .then(resolve, reject),
          )
          .catch(reject);
      });

    it('adds the good rows, reports each bad one with its spreadsheet row, and adds nothing twice', async () => {
      const browser = await admin();
      const bytes = workbook([
        row('Upload Alpha'),
        row('Upload Beta', { cost: '' }),
        [],
        row('Upload Gamma', { address: 'not a url' }),
        row('Upload Alpha'),
      ]);
      const first = await upload(browser, bytes, 'agents.xlsx');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, added: 1, skipped: 3 });
      expect(first.body.skipped_agents).toEqual([
        { row: 3, name: 'Upload Beta', reason: expect.stringMatching(/cost/i) },
        { row: 5, name: 'Upload Gamma', reason: expect.stringMatching(/address|url/i) },
        { row: 6, name: 'Upload Alpha', reason: 'Already listed (same name and provider)' },
      ]);
      const again = await upload(browser, bytes, 'agents.xlsx');
      expect(again.body).toMatchObject({ added: 0, skipped: 4 });
      const audit = await browser.get('/api/admin/audit?action=upload&limit=1').expect(200);
      expect(audit.body.entries[0]).toMatchObject({
        entity_label: 'agents.xlsx',
        after: { added: 0, skipped: 4 },
      });
    });

    it('refuses a file that is not an Excel workbook, by name and by content, and one too large', async () => {
      const browser = await admin();
      const csv = await upload(browser, Buffer.from('Name,Provider\nA,B\n'), 'agents.csv');
      expect(csv.status).toBe(415);
      expect(csv.body).toEqual({ success: false, error: 'Please upload an Excel file (.xlsx or .xls)' });
      const renamed = await upload(browser, Buffer.from('Name,Provider\nA,B\n'), 'agents.xlsx');
      expect(renamed.status).toBe(400);
      expect(renamed.body.error).toMatch(/not an Excel workbook/);
      const huge = await upload(browser, Buffer.alloc(11 * 1024 * 1024, 1), 'huge.xlsx');
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
      const response = await upload(browser, bomb, 'bomb.xlsx');
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/too large when unpacked|compress/i);
    });

    it('downloads ai_agents.xlsx with formula cells escaped, and the file uploads back adding nothing', async () => {
      const browser = await admin();
      await store().agents.create(
        agentInput({ name: '=HYPERLINK("http://evil")', provider: 'Formula Labs' }),
      );
      const response = await browser.http
        .get('/api/admin/download-agents')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="ai_agents.xlsx"');
      const bytes = response.body as Buffer;
      const sheet = XLSX.read(bytes, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet.Sheets[sheet.SheetNames[0]!]!);
      expect(Object.keys(rows[0]!)).toEqual(ROWS_HEADER);
      const evil = rows.find((entry) => entry.Provider === 'Formula Labs');
      expect(evil?.Name).toBe('\'=HYPERLINK("http://evil")');
      expect(rows.length).toBe(await store().agents.count());

      const before = await store().agents.count({ includeRemoved: true });
      const back = await upload(browser, bytes, 'ai_agents.xlsx');
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

  describe('reindex and dashboard', () => {
    it('rebuilds the index on request, reports progress until done, and refuses a second one meanwhile', async () => {
      const browser = await admin();
      const started = await browser.post('/api/admin/reindex').expect(202);
      expect(started.body.job).toMatchObject({ state: 'running', started_by: 'staff' });
      const second = await browser.post('/api/admin/reindex').response();
      expect([202, 409]).toContain(second.status);
      let job = started.body.job;
      await eventually(async () => {
        job = (await browser.get('/api/admin/reindex').expect(200)).body.job;
        return job.state !== 'running';
      }, 20_000);
      expect(job).toMatchObject({ state: 'done', documents: await store().agents.count() });
      await eventually(
        async () => (await browser.get('/api/admin/audit?action=reindex').expect(200)).body.total > 0,
      );
    });

    it('answers the dashboard figures: counts, agents per category, weekly series and subscriptions', async () => {
      const browser = await admin();
      const stats = (await browser.get('/api/admin/stats').expect(200)).body;
      expect(stats.agents.total).toBe(await store().agents.count({ includeRemoved: true }));
      expect(stats.agents.active).toBe(await store().agents.count());
      expect(stats.weekly).toHaveLength(12);
      expect(stats.weekly.at(-1).agents).toBeGreaterThan(0);
      expect(stats.per_category.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(
        stats.agents.active,
      );
      expect(stats.subscriptions.active + stats.subscriptions.inactive).toBe(await store().users.count());
    });
  });
});
