import { hashPassword } from '../auth/passwords';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, ADMIN_PASSWORD, AdminBrowser, Visitor } from '../testing/visitor';

// Password guessing is slowed on both sign-in forms, per client address and per account, and the
// account's throttle cannot be turned against its owner (issue 21, finding 5): ten wrong passwords
// for the staff username from one address used to refuse the right one from every address for
// 15 minutes. The production limits apply here (10 failures per client, 10 free attempts per
// account); the progressive delay itself is proved with a moved clock in
// platform/src/rate-limit/progressive-delay.test.ts.

const TOO_MANY = /Too many sign-in attempts/;
const ADA = { email: 'ada@example.com', password: 'analytical engine' };

describe('sign-in throttling', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      ...ADMIN_ENV,
      RATE_LIMIT_LOGINS_PER_15_MINUTES: '10',
      RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: '30',
      SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '10',
      // Each test plays several clients: the address is read from the proxy's header.
      TRUST_PROXY: '1',
    });
    await server.running.context.store.users.create({
      email: ADA.email,
      full_name: 'Ada Lovelace',
      organization: 'Engines Ltd',
      user_type: 'agent_provider',
      password_hash: await hashPassword(ADA.password),
    });
  });
  afterAll(() => server.stop());

  const admin = () => new AdminBrowser(server.running.url);
  const adminTry = (ip: string, username: string, password = 'not the password', browser = admin()) =>
    browser.post('/api/admin/login', { username, password }).set('X-Forwarded-For', ip).response();
  const userTry = (ip: string, email: string, password = 'not the password', browser = user()) =>
    browser.post('/api/auth/login', { email, password }).set('X-Forwarded-For', ip).response();
  const user = () => new Visitor(server.running.url);

  it('When one address guesses on both forms, then its failures count together and the eleventh gets 429', async () => {
    for (let i = 0; i < 5; i++)
      expect((await userTry('10.1.0.1', `nobody${i}@example.com`)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await adminTry('10.1.0.1', `someone${i}`)).status).toBe(401);
    const limited = await adminTry('10.1.0.1', 'someone-else');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('When one IPv6 client guesses from a new address of its block each time, then its failures count together and the eleventh gets 429', async () => {
    // Session 14's attack: each address of a /56 (2^72 of them) had a budget of its own, so the
    // per-client limit never met a client that changed its address's last bits (11 x 401 before).
    for (let i = 1; i <= 10; i++)
      expect((await userTry(`2001:db8:1:ab00::${i.toString(16)}`, `nobody${i}@example.com`)).status).toBe(
        401,
      );
    const limited = await userTry('2001:db8:1:abff:1::1', 'nobody-else@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(TOO_MANY);
    // The next block is another client.
    expect((await userTry('2001:db8:1:ac00::1', 'nobody@example.com')).status).toBe(401);
  });

  it('When ten wrong passwords for the staff username come from one address, then the right one from another address signs in, and the guessing address is refused', async () => {
    for (let i = 0; i < 10; i++)
      expect((await adminTry('10.2.0.1', ADMIN_ENV.ADMIN_USERNAME)).status).toBe(401);
    // The guesser is slowed: even the right password from its address waits now.
    const guesser = await adminTry('10.2.0.1', ADMIN_ENV.ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(guesser.status).toBe(429);
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from another address and a browser that never signed in before, is not locked out.
    const owner = admin();
    expect((await adminTry('10.2.0.2', ADMIN_ENV.ADMIN_USERNAME, ADMIN_PASSWORD, owner)).status).toBe(200);
    await owner.get('/api/admin/me').expect(200);
  });

  it('When ten wrong passwords for a user come from one address, then the right one from another address signs in', async () => {
    for (let i = 0; i < 10; i++) expect((await userTry('10.3.0.1', ADA.email)).status).toBe(401);
    expect((await userTry('10.3.0.1', ADA.email, ADA.password)).status).toBe(429);
    const owner = user();
    expect((await userTry('10.3.0.2', ` ${ADA.email.toUpperCase()} `, ADA.password, owner)).status).toBe(200);
    expect((await owner.get('/api/auth/me').expect(200)).body.user.email).toBe(ADA.email);
  });

  it('When an account is guessed from many addresses, then strangers wait their turn but the browser the owner signed in from before gets in at once', async () => {
    const grace = { email: 'grace@example.com', password: 'compiler for cobol' };
    await server.running.context.store.users.create({
      email: grace.email,
      full_name: 'Grace Hopper',
      organization: 'Navy',
      user_type: 'employer',
      password_hash: await hashPassword(grace.password),
    });
    const owner = user();
    expect((await userTry('10.4.0.1', grace.email, grace.password, owner)).status).toBe(200);
    // The free attempts, each from an address of its own (no per-client limit is met).
    for (let i = 0; i < 10; i++) expect((await userTry(`10.4.1.${i}`, grace.email)).status).toBe(401);
    // Past them, guesses race for one attempt per delay: however many arrive at once, one is checked.
    const racing = await Promise.all([0, 1, 2, 3].map((i) => userTry(`10.4.2.${i}`, grace.email)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([401, 429, 429, 429]);
    const waiting = racing.find((answer) => answer.status === 429)!;
    expect(waiting.body.error).toMatch(
      /Too many sign-in attempts on this account\. Please wait \d+ seconds? and try again\./,
    );
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's browser skips the account's delay, from any address.
    expect((await userTry('10.4.3.1', grace.email, grace.password, owner)).status).toBe(200);
  });

  it('When one client signs in successfully again and again, then its attempts are counted too and the thirty-first gets 429', async () => {
    const browser = user();
    for (let i = 0; i < 30; i++)
      expect((await userTry('10.5.0.1', ADA.email, ADA.password, browser)).status).toBe(200);
    const flooded = await userTry('10.5.0.1', ADA.email, ADA.password, browser);
    expect(flooded.status).toBe(429);
    expect(flooded.body.error).toMatch(TOO_MANY);
    expect(flooded.headers['ratelimit-policy']).toBe('30;w=900');
    // Another client is not affected.
    expect((await userTry('10.5.0.2', ADA.email, ADA.password)).status).toBe(200);
  }, 30_000);
});
