import { hashPassword } from '../auth/passwords';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, ADMIN_PASSWORD, AdminBrowser, Visitor } from '../testing/visitor';

// Password guessing is slowed on both sign-in forms: per client address and per account. The
// users' form alone is covered by routes/api/auth/auth.test.ts (per client) and
// password-reset.test.ts (per account); here the staff form, and the two forms counted together.

const TOO_MANY = /Too many sign-in attempts/;

describe('sign-in throttling', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      ...ADMIN_ENV,
      RATE_LIMIT_LOGINS_PER_15_MINUTES: '3',
      RATE_LIMIT_LOGINS_PER_ACCOUNT_PER_15_MINUTES: '3',
      // Each test plays several clients: the address is read from the proxy's header.
      TRUST_PROXY: '1',
    });
    await server.running.context.store.users.create({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      organization: 'Engines Ltd',
      user_type: 'agent_provider',
      password_hash: await hashPassword('analytical engine'),
    });
  });
  afterAll(() => server.stop());

  const adminGuess = (ip: string, username: string, password = 'not the password', browser = admin()) =>
    browser.post('/api/admin/login', { username, password }).set('X-Forwarded-For', ip).response();
  const admin = () => new AdminBrowser(server.running.url);
  const userGuess = (ip: string, email: string) =>
    new Visitor(server.running.url)
      .post('/api/auth/login', { email, password: 'not the password' })
      .set('X-Forwarded-For', ip)
      .response();

  it('When one address guesses on both forms, then its guesses count together and the fourth gets 429', async () => {
    expect((await userGuess('10.1.0.1', 'ada@example.com')).status).toBe(401);
    expect((await adminGuess('10.1.0.1', 'someone')).status).toBe(401);
    expect((await userGuess('10.1.0.1', 'nobody@example.com')).status).toBe(401);
    const limited = await adminGuess('10.1.0.1', 'someone-else');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('When an admin account is guessed from many addresses, then the fourth try gets 429, even with the right password', async () => {
    expect((await adminGuess('10.2.0.1', ADMIN_ENV.ADMIN_USERNAME)).status).toBe(401);
    // The same account however it is written.
    expect((await adminGuess('10.2.0.2', ` ${ADMIN_ENV.ADMIN_USERNAME.toUpperCase()} `)).status).toBe(401);
    expect((await adminGuess('10.2.0.3', ADMIN_ENV.ADMIN_USERNAME)).status).toBe(401);
    const browser = admin();
    const locked = await adminGuess('10.2.0.4', ADMIN_ENV.ADMIN_USERNAME, ADMIN_PASSWORD, browser);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(TOO_MANY);
    await browser.get('/api/admin/me').expect(401);
  });
});
