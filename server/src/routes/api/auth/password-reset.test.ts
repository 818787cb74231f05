import { RESET_REQUESTED_MESSAGE } from '../../../commands/request-password-reset';
import { CSRF_HEADER, CSRF_MESSAGE } from '../../../http/csrf';
import { lastMail, mailsTo, tokenIn } from '../../../testing/mailbox';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, PASSWORD, Visitor } from '../../../testing/visitor';

// Forgotten passwords, e-mail links and sign-in throttling per account.

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset and e-mail links', () => {
  let server: TestServer;
  const visitor = () => new Visitor(server.running.url);

  beforeEach(async () => {
    // One proxy in front: X-Forwarded-For names the client, so guesses can come from many addresses.
    server = await startTestServer({ SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '3', TRUST_PROXY: '1' });
  });
  afterEach(() => server.stop());

  async function signedInAccount(email = 'ada@example.com') {
    const browser = visitor();
    await browser.post('/api/users', accountForm({ email })).expect(201);
    return browser;
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await signedInAccount();
    const known = await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    const unknown = await visitor()
      .post('/api/auth/forgot-password', { email: 'nobody@example.com' })
      .expect(200);
    expect(known.body).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    expect(unknown.body).toEqual(known.body);
    await lastMail(server.dataDir, 'ada@example.com', 'reset_password');
    expect(await mailsTo(server.dataDir, 'nobody@example.com')).toEqual([]);
  });

  it('sets the new password, ends every session of the account, and the link works once', async () => {
    const laptop = await signedInAccount();
    const phone = visitor();
    await phone.post('/api/auth/login', { email: 'ada@example.com', password: PASSWORD }).expect(200);
    await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    const token = tokenIn(
      await lastMail(server.dataDir, 'ada@example.com', 'reset_password'),
      '/reset-password',
    );

    // Sent with the token of a visitor who is not signed in; that token ends with the reset (rotates).
    const resetter = visitor();
    const anonymous = await resetter.csrfToken();
    await resetter.http
      .post('/api/auth/reset-password')
      .set(CSRF_HEADER, anonymous)
      .send({ token, password: NEW_PASSWORD })
      .expect(200);
    await resetter.http
      .post('/api/auth/forgot-password')
      .set(CSRF_HEADER, anonymous)
      .send({ email: 'ada@example.com' })
      .expect(403, { error: CSRF_MESSAGE });
    expect(await resetter.csrfToken()).not.toBe(anonymous);
    for (const device of [laptop, phone]) {
      const me = await device.get('/api/auth/me').expect(200);
      expect(me.body).toEqual({ success: false, user: null });
    }
    await visitor().post('/api/auth/login', { email: 'ada@example.com', password: PASSWORD }).expect(401);
    await visitor().post('/api/auth/login', { email: 'ada@example.com', password: NEW_PASSWORD }).expect(200);
    const again = await visitor()
      .post('/api/auth/reset-password', { token, password: 'yet another phrase' })
      .expect(400);
    expect(again.body.error).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  it('keeps the link usable when the new password is refused', async () => {
    await signedInAccount();
    await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    const token = tokenIn(
      await lastMail(server.dataDir, 'ada@example.com', 'reset_password'),
      '/reset-password',
    );
    await visitor().post('/api/auth/reset-password', { token, password: 'short' }).expect(400);
    await visitor().post('/api/auth/reset-password', { token, password: NEW_PASSWORD }).expect(200);
  });

  it('voids an older reset link when a new one is asked for', async () => {
    await signedInAccount();
    await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    const first = tokenIn(
      await lastMail(server.dataDir, 'ada@example.com', 'reset_password'),
      '/reset-password',
    );
    await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await visitor().post('/api/auth/reset-password', { token: first, password: NEW_PASSWORD }).expect(400);
  });

  it('refuses a made-up or malformed link', async () => {
    const browser = await signedInAccount();
    await browser.post('/api/auth/verify-email', { token: 'x'.repeat(43) }).expect(400);
    await browser.post('/api/auth/verify-email', { token: '../../etc/passwd' }).expect(400);
    await visitor().post('/api/auth/reset-password', { token: '', password: NEW_PASSWORD }).expect(400);
  });

  it('voids a pending change of address when the password is reset', async () => {
    const intruder = await signedInAccount('ada@example.com');
    await intruder.put('/api/users/profile', { email: 'intruder@example.com' }).expect(200);
    const change = tokenIn(
      await lastMail(server.dataDir, 'intruder@example.com', 'change_email'),
      '/verify-email',
    );
    await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    const reset = tokenIn(
      await lastMail(server.dataDir, 'ada@example.com', 'reset_password'),
      '/reset-password',
    );
    await visitor().post('/api/auth/reset-password', { token: reset, password: NEW_PASSWORD }).expect(200);
    const owner = visitor();
    await owner.post('/api/auth/login', { email: 'ada@example.com', password: NEW_PASSWORD }).expect(200);
    await owner.post('/api/auth/verify-email', { token: change }).expect(400);
    expect((await owner.get('/api/auth/me').expect(200)).body.user.email).toBe('ada@example.com');
  });

  it('keeps the newest reset link working when the hourly cap stops more mails', async () => {
    await signedInAccount();
    for (let i = 0; i < 8; i++) {
      await visitor().post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);
    }
    // The mails go out after the answers: waited for (a 100 ms pause stood here, too short on a busy
    // machine), then a moment for any straggler past the cap.
    await eventually(
      async () => (await mailsTo(server.dataDir, 'ada@example.com', 'reset_password')).length >= 4,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = await mailsTo(server.dataDir, 'ada@example.com', 'reset_password');
    // The account's verification mail took one of the five an address gets in an hour.
    expect(sent).toHaveLength(4);
    const newest = tokenIn(sent.at(-1)!, '/reset-password');
    await visitor().post('/api/auth/reset-password', { token: newest, password: NEW_PASSWORD }).expect(200);
  });

  it('throttles sign-in per account, whatever address the guesses come from, with a delay rather than a lockout', async () => {
    await signedInAccount();
    const guess = (ip: string) =>
      visitor()
        .post('/api/auth/login', { email: ' ADA@example.com ', password: 'wrong guess here' })
        .set('X-Forwarded-For', ip)
        .response();
    // Every guess from another address: the per-address limit (10) is not what slows them.
    for (let i = 0; i < 3; i++) expect((await guess(`10.0.0.${i}`)).status).toBe(401);
    const racing = await Promise.all([4, 5, 6].map((i) => guess(`10.0.0.${i}`)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([401, 429, 429]);
    const limited = racing.find((answer) => answer.status === 429)!;
    expect(limited.body.error).toMatch(/Too many sign-in attempts on this account/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('trims the e-mail before signing in (the schema applies, not the raw body)', async () => {
    await signedInAccount();
    await visitor().post('/api/auth/login', { email: '  ada@example.com  ', password: PASSWORD }).expect(200);
  });
});
