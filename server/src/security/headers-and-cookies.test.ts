import { agentInput } from '@agentry/platform/store/contract';
import type { Response } from 'supertest';
import { hashPassword } from '../auth/passwords';
import {
  ABSOLUTE_TIMEOUT_MS,
  ADMIN_ABSOLUTE_TIMEOUT_MS,
  ADMIN_IDLE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
} from '../http/sessions';
import { createFakeClientDist } from '../testing/fake-client-dist';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, AdminBrowser, PASSWORD, Visitor } from '../testing/visitor';

// The browser-side defences, as a browser receives them: the Content-Security-Policy and the other
// security headers on a page, an API answer and an error, and the flags of both session cookies
// and of both anonymous CSRF tokens' cookies.
// Once as on a developer's machine (plain http) and once as in production behind a TLS proxy.

const PRODUCTION_ENV = {
  ...ADMIN_ENV,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://agentry.example',
  SESSION_SECRET: 'a production session secret of 48 characters....',
  PAYMENTS_MODE: 'test',
  // One proxy in front (TLS ends there): X-Forwarded-Proto says whether the browser used https.
  TRUST_PROXY: '1',
};
const OVER_TLS = { 'X-Forwarded-Proto': 'https' };
const COOKIE_USER = 'cookies@example.com';

function cspOf(response: Response): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The Set-Cookie line of the named cookie, as attribute → value (flags map to ''). */
function cookieOf(response: Response, name: string): Map<string, string> | undefined {
  const lines = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) return undefined;
  return new Map(
    line
      .split(';')
      .slice(1)
      .map((part) => part.trim().split('='))
      .map(([key, ...value]) => [key!.toLowerCase(), value.join('=')]),
  );
}

function expectStrictHeaders(where: string, response: Response) {
  const csp = cspOf(response);
  expect({ where, scripts: csp.get('script-src') }).toEqual({ where, scripts: ["'self'"] });
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  for (const values of csp.values()) {
    expect(values).not.toContain("'unsafe-inline'");
    expect(values).not.toContain("'unsafe-eval'");
  }
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(response.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

/** Signs in on `server` (the user made in beforeAll, or the admin of ADMIN_ENV); its answer. */
async function signIn(server: TestServer, who: 'user' | 'admin', headers: Record<string, string> = {}) {
  const admin = who === 'admin';
  const token = await server.http
    .get(admin ? '/api/admin/csrf-token' : '/api/csrf-token')
    .set(headers)
    .expect(200);
  const cookie = (token.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return server.http
    .post(admin ? '/api/admin/login' : '/api/auth/login')
    .set(headers)
    .set('Cookie', cookie)
    .set('X-CSRF-Token', token.body.csrf_token)
    .send(
      admin
        ? { username: ADMIN_ENV.ADMIN_USERNAME, password: ADMIN_ENV.ADMIN_PASSWORD }
        : { email: COOKIE_USER, password: PASSWORD },
    )
    .expect(200);
}

describe('security headers and session cookies', () => {
  const dist = createFakeClientDist();
  let local: TestServer;
  let production: TestServer;
  let agentId: string;

  beforeAll(async () => {
    [local, production] = await Promise.all([
      startTestServer(ADMIN_ENV, { clientDist: dist.dir }),
      startTestServer(PRODUCTION_ENV, { clientDist: dist.dir }),
    ]);
    agentId = (await local.running.context.store.agents.create(agentInput())).id;
    const password_hash = await hashPassword(PASSWORD);
    for (const server of [local, production]) {
      await server.running.context.store.users.create({
        email: COOKIE_USER,
        full_name: 'Grace Hopper',
        organization: 'Compilers Ltd',
        user_type: 'agent_provider',
        password_hash,
      });
    }
  });
  afterAll(async () => {
    await Promise.all([local?.stop(), production?.stop()]);
    dist.remove();
  });

  describe('headers', () => {
    it('When a page, an API answer or an error is served, then the CSP allows no inline script or framing, with nosniff and a referrer policy', async () => {
      const answers: Array<[string, Response]> = [
        ['a page', await local.http.get('/').expect(200)],
        ['an agent page', await local.http.get(`/agents/${agentId}`).expect(200)],
        ['an API answer', await local.http.get('/api/categories').expect(200)],
        ['an API error', await local.http.get('/api/nothing-here').expect(404)],
        ['a refused change', await local.http.post('/api/auth/login').send({}).expect(403)],
      ];
      for (const [where, response] of answers) expectStrictHeaders(where, response);
      expect(answers[0]![1].headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('When a page is served, then its HTML holds no script the CSP would have to allow inline', async () => {
      for (const path of ['/', `/agents/${agentId}`, '/for-ai-assistants']) {
        const html = (await local.http.get(path).expect(200)).text;
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThan(0);
        // A bundle from our origin, or a data block (JSON-LD, the first view's answers: never executed).
        for (const tag of scripts) expect(tag).toMatch(/\bsrc="\/|type="application\/(ld\+)?json"/);
        expect(html).not.toMatch(/\son[a-z]+=/i);
      }
    });

    it('When a page carries a one-time token in its address, then no referrer passes it on', async () => {
      const response = await local.http.get('/reset-password?token=abc').expect(200);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });

    it('When the public URL is plain http, then there is no HSTS and no upgrade of requests', async () => {
      const response = await local.http.get('/api/categories').expect(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(cspOf(response).has('upgrade-insecure-requests')).toBe(false);
    });

    it('When it runs in production on https, then pages and API answers carry HSTS for a year and upgrade requests', async () => {
      for (const path of ['/', '/api/categories']) {
        const response = await production.http.get(path).set(OVER_TLS).expect(200);
        expectStrictHeaders(path, response);
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(cspOf(response).has('upgrade-insecure-requests')).toBe(true);
      }
    });
  });

  describe('cookies', () => {
    it("When a user's session starts (at sign-in), then its cookie is HttpOnly, SameSite=Lax, for the whole site, and idles out in 2 hours", async () => {
      const cookie = cookieOf(await signIn(local, 'user'), 'agentry.sid');
      expect(cookie?.get('path')).toBe('/');
      expect(cookie?.has('httponly')).toBe(true);
      expect(cookie?.get('samesite')).toBe('Lax');
      expect(cookie?.has('secure')).toBe(false);
      const expires = Date.parse(cookie!.get('expires')!);
      expect(Math.abs(expires - Date.now() - IDLE_TIMEOUT_MS)).toBeLessThan(60_000);
      expect(IDLE_TIMEOUT_MS).toBeLessThan(ABSOLUTE_TIMEOUT_MS);
    });

    it("When an admin's session starts (at sign-in), then its cookie is sent to /api/admin only, HttpOnly, SameSite=Strict, for 30 minutes idle", async () => {
      const cookie = cookieOf(await signIn(local, 'admin'), 'agentry.admin');
      expect(cookie?.get('path')).toBe('/api/admin');
      expect(cookie?.has('httponly')).toBe(true);
      expect(cookie?.get('samesite')).toBe('Strict');
      const expires = Date.parse(cookie!.get('expires')!);
      expect(Math.abs(expires - Date.now() - ADMIN_IDLE_TIMEOUT_MS)).toBeLessThan(60_000);
    });

    it("When a visitor who is not signed in reads a CSRF token, then its cookie is HttpOnly, SameSite=Strict, sent to the API only, and no session's", async () => {
      for (const [path, name, scope] of [
        ['/api/csrf-token', 'agentry.csrf', '/api'],
        ['/api/admin/csrf-token', 'agentry.admin-csrf', '/api/admin'],
      ] as const) {
        const answer = await local.http.get(path).expect(200);
        const cookie = cookieOf(answer, name);
        expect(cookie?.get('path')).toBe(scope);
        expect(cookie?.has('httponly')).toBe(true);
        expect(cookie?.get('samesite')).toBe('Strict');
        expect(cookie?.has('secure')).toBe(false);
        // Only the token's nonce: no session cookie (a session would be a stored row).
        expect((answer.headers['set-cookie'] as unknown as string[]).length).toBe(1);
      }
    });

    it('When it runs in production on https, then the session cookies and the CSRF cookies are Secure', async () => {
      const cookies = [
        cookieOf(await signIn(production, 'user', OVER_TLS), 'agentry.sid'),
        cookieOf(await signIn(production, 'admin', OVER_TLS), 'agentry.admin'),
        cookieOf(await production.http.get('/api/csrf-token').set(OVER_TLS).expect(200), 'agentry.csrf'),
        cookieOf(
          await production.http.get('/api/admin/csrf-token').set(OVER_TLS).expect(200),
          'agentry.admin-csrf',
        ),
      ];
      for (const cookie of cookies) {
        expect(cookie?.has('secure')).toBe(true);
        expect(cookie?.has('httponly')).toBe(true);
      }
    });

    it('When a session is older than its absolute lifetime, then it is signed out however recently it was used', async () => {
      const { store } = local.running.context;
      await store.users.create({
        email: 'ada@example.com',
        full_name: 'Ada Lovelace',
        organization: 'Engines Ltd',
        user_type: 'agent_provider',
        password_hash: await hashPassword(PASSWORD),
      });
      const user = new Visitor(local.running.url);
      await user.post('/api/auth/login', { email: 'ada@example.com', password: PASSWORD }).expect(200);
      const admin = await new AdminBrowser(local.running.url).signIn();
      await backdate(user, 'agentry.sid', '/', ABSOLUTE_TIMEOUT_MS);
      await backdate(admin, 'agentry.admin', '/api/admin', ADMIN_ABSOLUTE_TIMEOUT_MS);
      expect((await user.get('/api/auth/me').expect(200)).body.user).toBeNull();
      await admin.get('/api/admin/me').expect(401);
    });

    /** Moves the start of the browser's session back past `lifetime`, as if it had been kept alive that long. */
    async function backdate(browser: Visitor, cookie: string, path: string, lifetime: number) {
      const access = { domain: '127.0.0.1', path, script: false, secure: false };
      const signed = decodeURIComponent(browser.http.jar.getCookie(cookie, access)!.value);
      const sid = signed.slice(2, signed.lastIndexOf('.'));
      const { sessions } = local.running.context.store;
      const data = JSON.parse((await sessions.get(sid))!) as {
        startedAt: number;
        passport?: { user?: string };
      };
      data.startedAt = Date.now() - lifetime - 60_000;
      await sessions.set(
        sid,
        JSON.stringify(data),
        new Date(Date.now() + 60_000),
        data.passport?.user ?? null,
      );
    }

    it('When a production request reaches the app over plain http, then no cookie is sent over it', async () => {
      for (const path of ['/api/csrf-token', '/api/admin/csrf-token']) {
        const response = await production.http.get(path).expect(200);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });
  });
});
