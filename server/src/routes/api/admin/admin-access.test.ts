import { agentInput } from '@agentry/platform/store/contract';
import { scryptHash } from '../../../auth/scrypt-hash';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  AdminBrowser,
  accountForm,
  BUSY_ADMIN_ENV,
  Visitor,
} from '../../../testing/visitor';

// Who may call the admin API, through the real app on a real embedded store: the first admin made
// at start, staff sign-in and its own session, every admin endpoint refused to everyone else, and the
// CSRF token on every change. What staff do once in: admin.test.ts and admin-spreadsheets.test.ts.

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

describe('admin API', () => {
  let server: TestServer;
  const store = () => server.running.context.store;

  beforeAll(async () => {
    server = await startTestServer(BUSY_ADMIN_ENV);
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
});
