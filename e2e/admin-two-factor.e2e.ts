import { totpCodeAt } from '@agentry/server/auth/totp';
import { TotpSecretBox } from '@agentry/server/auth/totp-secret-box';
import { confirmTotpEnrolment, prepareTotpEnrolment } from '@agentry/server/commands/admin/admin-totp';
import { ADMIN, ADMIN_ENV } from './support/accounts';
import { seriousViolations } from './support/axe';
import { screenshot, setUpApp } from './support/e2e-app';

// Staff two-factor sign-in in the browser (issue 21): with ADMIN_TOTP_REQUIRED, an admin who has set
// up an authenticator app signs in with the password, then the code; a wrong code is said on the
// second step, a right one opens the dashboard. The app's secret is made as `npm run admin:totp`
// makes it, and the codes computed as the phone would.

describe('Admin two-factor sign-in', () => {
  const app = setUpApp({
    env: { ...ADMIN_ENV, ADMIN_TOTP_REQUIRED: 'true' },
  });

  it('asks for the code after the password, refuses a wrong one and signs in with the right one', async () => {
    const { store, sessionSecret } = app().server.context;
    const enrolment = await prepareTotpEnrolment({ store }, { username: ADMIN.username });
    const box = new TotpSecretBox(sessionSecret);
    // Confirmed with the code of the step before, so the sign-in below may use the current one.
    const earlier = Date.now() - 30_000;
    expect(
      await confirmTotpEnrolment(
        { store, box, now: () => earlier },
        { prepared: enrolment, code: await totpCodeAt(enrolment.secret, earlier) },
      ),
    ).toBe(true);

    const page = await app().open('/admin', { bypassCSP: true });
    const login = page.getByRole('form', { name: 'Admin login' });
    await login.getByLabel('Username').fill(ADMIN.username);
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Log in' }).click();

    const heading = page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    const code = step.getByLabel('Code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // Not signed in yet: the admin API still refuses this browser.
    expect((await page.request.get('/api/admin/me')).status()).toBe(401);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-two-factor-step');

    const right = await totpCodeAt(enrolment.secret, Date.now());
    await code.fill(right === '000000' ? '111111' : '000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
    await screenshot(page, 'admin-two-factor-wrong-code');

    await code.fill(await totpCodeAt(enrolment.secret, Date.now()));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
    await page.getByText(`Signed in as ${ADMIN.username}`).waitFor();
    expect((await page.request.get('/api/admin/me')).status()).toBe(200);
  });

  it('refuses an admin without a second factor when it is required, saying who can set it up', async () => {
    await app().server.context.store.admins.create({
      username: 'newcomer',
      // The staff account's own hash: the same password passes, and the refusal is the missing factor.
      password_hash: (await app().server.context.store.admins.findByUsernameWithSecret(ADMIN.username))!
        .password_hash,
    });
    const page = await app().open('/admin');
    const login = page.getByRole('form', { name: 'Admin login' });
    await login.getByLabel('Username').fill('newcomer');
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByRole('alert').filter({ hasText: 'Two-factor sign-in is required' }).waitFor();
    expect(await login.getByRole('alert').textContent()).toMatch(/npm run admin:totp/);
  });
});
