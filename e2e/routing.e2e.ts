import type { Page } from 'playwright-core';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { setUpApp } from './support/e2e-app';

// Unknown paths are not found (404, issue 25; the spec redirected them to /), and every route of the spec answers: the account
// screens (docs/accounts.md) with their own heading, the signed-in screens by sending a visitor to
// /signin and back once signed in, and the screens of later issues with their placeholder.

const HOME_HEADING = 'Describe the job. Find the agent.';

// Screens a signed-out visitor sees at their own address, with the heading they open with.
const OPEN_ROUTES: Array<[string, string]> = [
  ['/register-agent', 'Register your AI agent'],
  // React Router matches a trailing slash too.
  ['/register-agent/', 'Register your AI agent'],
  ['/account-setup', 'Complete Your Account Setup'],
  // Without a session id it says so (the confirmation itself is tested in provider-signup).
  ['/subscription/success', 'Subscription'],
  ['/subscription/cancel', 'Checkout cancelled'],
  ['/signin', 'Sign in'],
  ['/employer-signup', 'Create your employer account'],
  // Not in the spec's table: the pages the account e-mails link to.
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password', 'Choose a new password'],
  ['/verify-email', 'Confirm your e-mail address'],
];

// The admin area's routes and the heading a visitor who is not signed in as staff sees there.
const ADMIN_ROUTES: Array<[string, string]> = [
  ['/admin', 'Admin login'],
  ['/admin/directory', 'Admin login'],
];

// Signed-in screens: who may see them and the heading they show to that account.
const SIGNED_IN_ROUTES: Array<[string, 'agent_provider' | 'employer', string]> = [
  ['/dashboard', 'agent_provider', 'Provider dashboard'],
  ['/employer-dashboard', 'employer', 'Welcome, Grace Hopper'],
  ['/subscription/manage', 'agent_provider', 'Manage your subscription'],
];

describe('Routing', () => {
  const app = setUpApp();
  // The signed-out visits load their addresses in turn in one visitor's page (keptPage): each is a
  // fresh load of that address, without a browser context made for it.
  let visitor: Page;
  beforeAll(async () => {
    visitor = await app().keptPage();
  });
  /** The visitor's page loaded at `path`, once its main landmark is there (as app().open). */
  async function visit(path: string): Promise<Page> {
    await visitor.goto(path);
    await visitor.locator('main#main-content').waitFor();
    return visitor;
  }

  it.each(['/no/such/page', '/agents', '/directory/extra'])(
    'answers an unknown path (%s) with 404 and a page that says so, at that address',
    async (path) => {
      const page = visitor;
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('link', { name: 'Search agents' }).click();
      await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    },
  );

  it('says an unknown path reached inside the app is not found as well', async () => {
    const page = await visit('/directory');
    await page.getByRole('heading', { level: 1, name: 'AI agent directory' }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nowhere-in-particular');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/nowhere-in-particular');
  });

  it.each(OPEN_ROUTES)('renders the lazy route %s with its heading "%s"', async (path, heading) => {
    const page = await visit(path);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('says on /subscription/success without a session id that there is none', async () => {
    const page = await visit('/subscription/success');
    await page.getByText('No session ID found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription/success');
  });

  it.each(ADMIN_ROUTES)('shows the admin route %s as "%s" to a visitor', async (path, heading) => {
    const page = await visit(path);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('refuses the all-agents list at /rjs to a visitor, as the server does', async () => {
    const page = await visit('/rjs');
    await page.getByText('Failed to fetch agents').waitFor();
    expect(new URL(page.url()).pathname).toBe('/rjs');
  });

  it.each(SIGNED_IN_ROUTES)(
    'sends a signed-out visit to %s to /signin, and back there once signed in',
    async (path, userType, heading) => {
      const email = uniqueEmail(`routing-${userType}`);
      await createAccount(app().server, {
        email,
        userType,
        fullName: 'Grace Hopper',
        organization: 'Navy Labs',
        subscribed: true,
      });
      const page = await app().open(path);
      await page.waitForURL('**/signin');
      await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor();

      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    },
  );

  it.each(SIGNED_IN_ROUTES)('renders %s to a signed-in account', async (path, userType, heading) => {
    const page = await app().newPage();
    await createAccount(
      app().server,
      {
        email: uniqueEmail(`routing-direct-${userType}`),
        userType,
        fullName: 'Grace Hopper',
        organization: 'Navy Labs',
        subscribed: true,
      },
      page.request,
    );
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });
});
