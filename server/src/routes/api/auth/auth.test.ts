import { hashPassword } from '../../../auth/passwords';
import { scryptHash } from '../../../auth/scrypt-hash';
import { csrfSession, startTestServer, type TestServer } from '../../../testing/test-server';

describe('sessions, CSRF and sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_LOGINS_PER_15_MINUTES: '3' });
    await server.running.context.store.users.create({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      organization: 'Engines Ltd',
      user_type: 'agent_provider',
      password_hash: await hashPassword('analytical engine'),
    });
  });
  afterAll(() => server.stop());

  it('tells a visitor without a session that nobody is signed in', async () => {
    await server.http.get('/api/auth/me').expect(200, { success: false, user: null });
  });

  it('says where a sign-in’s server time went, in Server-Timing', async () => {
    // (A refused sign-in says how far it went too; not sent here: this file's guessing test counts
    // this client's failures.)
    const number = String.raw`\d+(\.\d)?`;
    const phases = (names: string[]) =>
      new RegExp(`^${names.map((name) => `${name};dur=${number}`).join(', ')}$`);
    const { cookie, token } = await csrfSession(server.http);
    const login = await server.http
      .post('/api/auth/login')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', token)
      .send({ email: 'ada@example.com', password: 'analytical engine' })
      .expect(200);
    expect(login.headers['server-timing']).toMatch(
      // app: the whole server time, added to every answer (request-log.ts)
      phases(['before', 'limits', 'account', 'password', 'session', 'app']),
    );
  });

  it('refuses a state change without the CSRF token', async () => {
    await server.http
      .post('/api/auth/login')
      .send({ email: 'ada@example.com', password: 'analytical engine' })
      .expect(403, { error: 'Invalid or missing CSRF token' });
  });

  it('signs in with the token, issues a new session cookie, and signs out', async () => {
    const { cookie, token } = await csrfSession(server.http);
    const login = await server.http
      .post('/api/auth/login')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', token)
      .send({ email: 'ADA@example.com', password: 'analytical engine' })
      .expect(200);
    expect(login.body).toMatchObject({
      success: true,
      user_type: 'agent_provider',
      user: { email: 'ada@example.com', full_name: 'Ada Lovelace' },
    });
    expect(login.body.user).not.toHaveProperty('password_hash');
    const setCookies = login.headers['set-cookie'] as unknown as string[];
    const setCookie = setCookies.find((line) => line.startsWith('agentry.sid='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = setCookie.split(';')[0]!;
    expect(session).not.toBe(cookie);

    const me = await server.http.get('/api/auth/me').set('Cookie', session).expect(200);
    expect(me.body).toMatchObject({ success: true, user_type: 'agent_provider' });

    await server.http
      .post('/api/auth/logout')
      .set('Cookie', session)
      .set('X-CSRF-Token', login.body.csrf_token)
      .expect(200);
    await server.http.get('/api/auth/me').set('Cookie', session).expect(200, { success: false, user: null });
  });

  it('marks the browser the account signed in from with a cookie only its own sign-in form reads', async () => {
    const { cookie, token } = await csrfSession(server.http);
    const login = await server.http
      .post('/api/auth/login')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', token)
      .send({ email: 'ada@example.com', password: 'analytical engine' })
      .expect(200);
    const device = (login.headers['set-cookie'] as unknown as string[]).find((line) =>
      line.startsWith('agentry.device='),
    )!;
    expect(device).toMatch(/Path=\/api\/auth\/login/);
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Strict/);
    expect(device).toMatch(/Max-Age=7776000/);
    // It names the account only through its signature: no address in the cookie.
    expect(device).not.toContain('ada');
  });

  it('answers a wrong password without saying which part was wrong, then rate-limits guessing', async () => {
    const { cookie, token } = await csrfSession(server.http);
    const attempt = () =>
      server.http
        .post('/api/auth/login')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', token)
        .send({ email: 'ada@example.com', password: 'wrong password' });
    const first = await attempt().expect(401);
    expect(first.body).toEqual({ error: 'Invalid email or password', success: false });
    await attempt().expect(401);
    await attempt().expect(401);
    const limited = await attempt().expect(429);
    expect(limited.body.error).toMatch(/Too many sign-in attempts/);
  });
});

describe('password hashes written before Argon2id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('signs in with a scrypt hash and replaces it with an Argon2id hash of the same password', async () => {
    const { store } = server.running.context;
    const user = await store.users.create({
      email: 'old@example.com',
      full_name: 'Old Timer',
      organization: 'Engines Ltd',
      user_type: 'employer',
      password_hash: await scryptHash('difference engine'),
    });
    const signIn = async (password: string) => {
      const { cookie, token } = await csrfSession(server.http);
      return server.http
        .post('/api/auth/login')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', token)
        .send({ email: 'old@example.com', password });
    };
    // A wrong password changes nothing.
    expect((await signIn('not the password')).status).toBe(401);
    expect((await store.users.findByEmailWithSecret(user.email))?.password_hash).toMatch(/^scrypt\$/);
    expect((await signIn('difference engine')).status).toBe(200);
    const upgraded = (await store.users.findByEmailWithSecret(user.email))!.password_hash;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn('difference engine')).status).toBe(200);
    expect((await store.users.findByEmailWithSecret(user.email))!.password_hash).toBe(upgraded);
    // Five deliberately dear hashes (the scrypt hash made, two scrypt checks, one Argon2id hash and
    // one Argon2id check): at load 20 (a mid-session clean-clone CI) they took over 30 s. The limit
    // only ends a hang.
  }, 120_000);
});

describe('HTTP hardening', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const response = await server.http.get('/api/categories').expect(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    await server.http
      .get('/api/nothing-here')
      .expect(404, { error: 'No API route for GET /api/nothing-here' });
  });

  it('refuses bodies over 100 kB with a 413 and malformed JSON with a 400', async () => {
    const { cookie, token } = await csrfSession(server.http);
    const big = { email: 'a@example.com', password: 'x'.repeat(200_000) };
    await server.http
      .post('/api/auth/login')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', token)
      .send(big)
      .expect(413, { error: 'Request body is too large' });
    await server.http
      .post('/api/auth/login')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', token)
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400, { error: 'Malformed request body' });
  });

  it('hides internal errors behind a generic 500', async () => {
    const { store } = server.running.context;
    const original = store.agents.count;
    store.agents.count = async () => {
      throw new Error('SELECT secret FROM internals failed');
    };
    try {
      await server.http.get('/api/agents/count').expect(500, { error: 'Internal server error' });
    } finally {
      store.agents.count = original;
    }
  });

  it('answers /healthz once ready, with its checks', async () => {
    const health = await server.http.get('/healthz').expect(200);
    expect(health.body).toMatchObject({ status: 'ok', checks: { store: 'ok', search: 'ok' } });
    // How late the event loop ran over the last second: numbers, never absent.
    expect(health.body.event_loop).toEqual({
      p50_ms: expect.any(Number),
      p99_ms: expect.any(Number),
      max_ms: expect.any(Number),
      window_s: 1,
    });
    await server.http.get('/livez').expect(200, { status: 'ok' });
  });
});
