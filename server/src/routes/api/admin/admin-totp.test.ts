import { totpCodeAt } from '../../../auth/totp';
import { TotpSecretBox } from '../../../auth/totp-secret-box';
import { confirmTotpEnrolment, prepareTotpEnrolment } from '../../../commands/admin/admin-totp';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, ADMIN_PASSWORD, ADMIN_USERNAME, AdminBrowser } from '../../../testing/visitor';
import {
  CODE_TRIES,
  PENDING_SIGN_IN_MS,
  SIGN_IN_AGAIN,
  TOTP_REQUIRED_MESSAGE,
  TOTP_SETUP_REQUIRED,
} from './admin.routes';

// Staff two-factor sign-in (issue 21): the password, then a TOTP code from the admin's app or a
// recovery code, through the real app on a real store. The server's clock is the test's, so codes
// are computed for the moment the server checks them.

const STEP_MS = 30_000;

describe('admin sign-in with a second factor', () => {
  let server: TestServer;
  let clock = Date.now();
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    server = await startTestServer(
      {
        ...ADMIN_ENV,
        RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: '1000',
        RATE_LIMIT_LOGINS_PER_15_MINUTES: '1000',
      },
      { now: () => clock },
    );
    const { store, sessionSecret } = server.running.context;
    const prepared = await prepareTotpEnrolment({ store }, { username: ADMIN_USERNAME });
    ({ secret, recoveryCodes } = prepared);
    expect(
      await confirmTotpEnrolment(
        { store, box: new TotpSecretBox(sessionSecret), now: () => clock },
        { prepared, code: await totpCodeAt(secret, clock) },
      ),
    ).toBe(true);
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    // A new time step for each test: the code of the last one was used up.
    clock += 2 * STEP_MS;
  });

  const passwordStep = async (browser = new AdminBrowser(server.running.url)) => {
    const answer = await browser
      .post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })
      .expect(200);
    return { browser, answer };
  };
  const codeStep = (browser: AdminBrowser, code: string) =>
    browser.post('/api/admin/login/totp', { code }).response();

  it('When the password is right, then the answer asks for the code and the session is not signed in yet', async () => {
    const { browser, answer } = await passwordStep();
    expect(answer.body).toEqual({
      success: false,
      totp_required: true,
      message: TOTP_REQUIRED_MESSAGE,
      csrf_token: expect.any(String),
    });
    await browser.get('/api/admin/me').expect(401);
    await browser.get('/api/admin/stats').expect(401);
  });

  it('When the code is wrong, then 401 and nothing more; when it is right, then the admin is signed in on a new session id', async () => {
    const { browser } = await passwordStep();
    const right = await totpCodeAt(secret, clock);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await codeStep(browser, wrong);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, error: 'Invalid code' });
    await browser.get('/api/admin/me').expect(401);
    const accepted = await codeStep(browser, `${right.slice(0, 3)} ${right.slice(3)}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      success: true,
      admin: { username: ADMIN_USERNAME },
      csrf_token: expect.any(String),
    });
    expect((await browser.get('/api/admin/me').expect(200)).body.admin).toEqual({ username: ADMIN_USERNAME });
    // The secret never leaves the server.
    expect(JSON.stringify(accepted.body)).not.toContain(secret);
  });

  it("When a code was used, then the same code is refused on another sign-in (no replay), and the next step's code works", async () => {
    const code = await totpCodeAt(secret, clock);
    const first = await passwordStep();
    expect((await codeStep(first.browser, code)).status).toBe(200);
    const second = await passwordStep();
    expect((await codeStep(second.browser, code)).status).toBe(401);
    // Even racing: of two sign-ins sending one fresh code at once, one gets in.
    clock += STEP_MS;
    const fresh = await totpCodeAt(secret, clock);
    const [a, b] = [await passwordStep(), await passwordStep()];
    const racing = await Promise.all([codeStep(a.browser, fresh), codeStep(b.browser, fresh)]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 401]);
    clock += STEP_MS;
    expect((await codeStep(second.browser, await totpCodeAt(secret, clock))).status).toBe(200);
  });

  it('accepts a code from the step before or after (a phone a little off), not two steps away', async () => {
    const early = await totpCodeAt(secret, clock + STEP_MS);
    const { browser } = await passwordStep();
    expect((await codeStep(browser, await totpCodeAt(secret, clock - 3 * STEP_MS))).status).toBe(401);
    expect((await codeStep(browser, early)).status).toBe(200);
    clock += 2 * STEP_MS;
  });

  it('When a recovery code is given instead, then it signs in once and never again', async () => {
    const code = recoveryCodes[0]!;
    const first = await passwordStep();
    expect((await codeStep(first.browser, code.toUpperCase())).status).toBe(200);
    const second = await passwordStep();
    expect((await codeStep(second.browser, code)).status).toBe(401);
    expect(
      (
        await server.running.context.store.admins.findByIdWithSecret(
          (await server.running.context.store.admins.findByUsernameWithSecret(ADMIN_USERNAME))!.id,
        )
      )?.recovery_codes_left,
    ).toBe(recoveryCodes.length - 1);
  });

  it(`When ${CODE_TRIES} wrong codes are sent, then the password is asked for again`, async () => {
    const { browser } = await passwordStep();
    for (let i = 1; i < CODE_TRIES; i++)
      expect((await codeStep(browser, '999999')).body.error).toBe('Invalid code');
    const last = await codeStep(browser, '999999');
    expect(last.status).toBe(401);
    expect(last.body.error).toBe(`Invalid code. ${SIGN_IN_AGAIN}`);
    expect((await codeStep(browser, await totpCodeAt(secret, clock))).body.error).toBe(SIGN_IN_AGAIN);
  });

  it('When the code comes too late, or without the password step, then the password is asked for again', async () => {
    expect((await codeStep(new AdminBrowser(server.running.url), '123456')).body).toEqual({
      success: false,
      error: SIGN_IN_AGAIN,
    });
    const { browser } = await passwordStep();
    clock += PENDING_SIGN_IN_MS + 1;
    const late = await codeStep(browser, await totpCodeAt(secret, clock));
    expect(late.status).toBe(401);
    expect(late.body.error).toBe(SIGN_IN_AGAIN);
  });
});

describe('admin sign-in when two-factor is required (ADMIN_TOTP_REQUIRED)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...ADMIN_ENV, ADMIN_TOTP_REQUIRED: 'true' });
  });
  afterAll(() => server.stop());

  it('refuses an admin who has not enrolled, after the password, and lets them in once enrolled', async () => {
    const browser = new AdminBrowser(server.running.url);
    const refused = await browser
      .post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })
      .response();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: TOTP_SETUP_REQUIRED });
    await browser.get('/api/admin/me').expect(401);
    // A wrong password still says only that.
    const wrong = await browser
      .post('/api/admin/login', { username: ADMIN_USERNAME, password: 'not it at all' })
      .response();
    expect(wrong.body.error).toBe('Invalid credentials');

    const { store, sessionSecret } = server.running.context;
    const prepared = await prepareTotpEnrolment({ store }, { username: ADMIN_USERNAME });
    const now = Date.now();
    await confirmTotpEnrolment(
      { store, box: new TotpSecretBox(sessionSecret), now: () => now },
      { prepared, code: await totpCodeAt(prepared.secret, now) },
    );
    const asked = await browser
      .post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })
      .expect(200);
    expect(asked.body.totp_required).toBe(true);
    await browser.post('/api/admin/login/totp', { code: prepared.recoveryCodes[3]! }).expect(200);
    await browser.get('/api/admin/me').expect(200);
  });
});
