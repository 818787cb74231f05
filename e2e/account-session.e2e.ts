import type { Page } from 'playwright-core';
import {
  createAccount,
  linkInMail,
  PASSWORD,
  screenshotFromTop,
  signIn,
  uniqueEmail,
} from './support/accounts';
import { setUpApp } from './support/e2e-app';

// Signing out and in (spec sections 2, 4 and 6: sign-in goes to the dashboard of the user's type;
// dashboards send a signed-out visitor to /signin) and a forgotten password (a link from the
// outbox, a new password, the old one refused).

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

const signedInUser = async (page: Page) =>
  ((await (await page.request.get('/api/auth/me')).json()) as { user: { email: string } | null }).user;

describe('Account sessions', () => {
  const app = setUpApp();

  describe('Signing out and in', () => {
    it('signs a provider out with Logout and back in at /signin, landing on the provider dashboard', async () => {
      const email = uniqueEmail('provider-session');
      const page = await app().newPage();
      await createAccount(app().server, { email, subscribed: true }, page.request);
      await page.goto('/dashboard');
      await heading(page, 'Provider dashboard').waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await signedInUser(page)).toBeNull();

      await nav.getByRole('link', { name: 'Sign In' }).click();
      await heading(page, 'Sign in').waitFor();
      await signIn(page, email);
      await page.waitForURL('**/dashboard');
      await heading(page, 'Provider dashboard').waitFor();
      expect(await page.getByText(`Signed in as ${email}`).count()).toBe(1);
    });

    it('signs an employer in at /signin onto the employer dashboard, and out again', async () => {
      const email = uniqueEmail('employer-session');
      await createAccount(app().server, {
        email,
        userType: 'employer',
        fullName: 'Grace Hopper',
        organization: 'Navy Labs',
        subscribed: true,
      });
      const page = await app().open('/signin');
      await signIn(page, email);
      await page.waitForURL('**/employer-dashboard');
      await heading(page, 'Welcome, Grace Hopper').waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
        '/employer-dashboard',
      );

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await signedInUser(page)).toBeNull();
      // The dashboard is closed to the signed-out visitor.
      await page.goto('/employer-dashboard');
      await page.waitForURL('**/signin');
      await heading(page, 'Sign in').waitFor();
    });

    // Logout must end the server session before it leaves the dashboard: a page load in that moment
    // (a reload, a typed address, the tab closed) would otherwise cancel the call and leave the
    // session signed in. The call is made slow here, as on a slow network.
    it('ends the session on the server before Logout leaves the dashboard', async () => {
      const page = await app().newPage();
      await createAccount(
        app().server,
        { email: uniqueEmail('logout-reload'), subscribed: true },
        page.request,
      );
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Provider dashboard' }).waitFor();
      // A slow network: the logout call takes a moment.
      await page.route('**/api/auth/logout', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue().catch(() => undefined);
      });
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.reload();
      await page.locator('main#main-content').waitFor();
      expect(await signedInUser(page)).toBeNull();
    });

    it.each(['/dashboard', '/employer-dashboard', '/subscription/manage'])(
      'sends a signed-out visit to %s to /signin',
      async (path) => {
        const page = await app().open(path);
        await page.waitForURL('**/signin');
        await heading(page, 'Sign in').waitFor();
      },
    );

    it('refuses a wrong password with the server message and stays on /signin', async () => {
      const email = uniqueEmail('wrong-password');
      await createAccount(app().server, { email });
      const page = await app().open('/signin');
      await signIn(page, email, 'not the password at all');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/signin');
      await screenshotFromTop(page, 'session 01 sign in refused');
    });
  });

  describe('Forgotten password', () => {
    it('mails a reset link; the new password signs in, the old one no longer does, and other sessions end', async () => {
      const email = uniqueEmail('forgot');
      const newPassword = 'a brand new passphrase 42';
      // Another browser where the account is signed in: the reset ends its session too.
      const elsewhere = await app().newPage();
      await createAccount(app().server, { email }, elsewhere.request);
      expect((await signedInUser(elsewhere))?.email).toBe(email);

      const page = await app().open('/signin');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await heading(page, 'Forgot your password?').waitFor();
      const ask = page.getByRole('form', { name: 'Ask for a reset link' });
      await ask.getByLabel('E-mail').fill(email);
      await ask.getByRole('button', { name: 'Send me a link' }).click();
      await page.getByText('If an account exists for that e-mail, we sent a link').waitFor();
      await screenshotFromTop(page, 'session 02 reset link sent');

      const link = await linkInMail(app().server, email, 'reset_password', '/reset-password');
      await page.goto(link);
      await heading(page, 'Choose a new password').waitFor();
      const form = page.getByRole('form', { name: 'Choose a new password' });
      await form.getByLabel('New password', { exact: true }).fill(newPassword);
      await form.getByLabel('Confirm new password').fill(`${newPassword}?`);
      await form.getByRole('button', { name: 'Save new password' }).click();
      await form.getByText('Passwords do not match').waitFor();
      await form.getByLabel('Confirm new password').fill(newPassword);
      await form.getByRole('button', { name: 'Save new password' }).click();
      // The server's message, said once.
      const changed = 'Your password has been changed and every device was signed out. Please sign in.';
      await page.getByText(changed).waitFor();
      expect(await page.getByRole('main').getByRole('status').allTextContents()).toEqual([changed]);
      await screenshotFromTop(page, 'session 03 password changed');
      expect(await signedInUser(elsewhere)).toBeNull();

      // The old password is refused, the new one signs in.
      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
      await heading(page, 'Sign in').waitFor();
      await signIn(page, email, PASSWORD);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('Invalid email or password');
      await signIn(page, email, newPassword);
      await page.waitForURL('**/dashboard');
      await heading(page, 'Provider dashboard').waitFor();

      // The link worked once.
      const again = await app().open(link);
      const retry = again.getByRole('form', { name: 'Choose a new password' });
      await retry.getByLabel('New password', { exact: true }).fill('yet another passphrase 7');
      await retry.getByLabel('Confirm new password').fill('yet another passphrase 7');
      await retry.getByRole('button', { name: 'Save new password' }).click();
      await retry.getByRole('alert').waitFor();
      expect(await retry.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(1);
    });
  });
});
