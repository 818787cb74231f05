import { hashPassword } from '@agentry/server/auth/passwords';
import type { Page } from 'playwright-core';
import { setUpApp, visit } from './support/e2e-app';

// Header and footer of spec section 2, signing in through the real API, and the legal pages'
// required points (spec section 1).

const PASSWORD = 'correct horse battery staple';

/** Signs in from the page, as the client does: CSRF token first, then the login call with it. */
async function signIn(page: Page, email: string): Promise<void> {
  const result = await page.evaluate(
    async ({ email, password }) => {
      const { csrf_token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf_token },
        body: JSON.stringify({ email, password }),
      });
      return { status: response.status, body: await response.json() };
    },
    { email, password: PASSWORD },
  );
  expect(result).toMatchObject({ status: 200, body: { success: true } });
}

describe('Header, footer and legal pages', () => {
  const app = setUpApp();
  // A visitor's addresses load in turn in one page (keptPage), each a fresh load: a browser context
  // made for each took most of this file's time (BENCHMARKS.md, CI time, session 15). It is never
  // signed in: the signed-in tests open pages of their own.
  let visitor: Page;
  beforeAll(async () => {
    visitor = await app().keptPage();
  });
  const asVisitor = async (path: string) => {
    await visit(visitor, path);
    return visitor;
  };

  async function createUser(email: string, userType: 'agent_provider' | 'employer') {
    await app().server.context.store.users.create({
      email,
      full_name: 'Ada Lovelace',
      organization: 'Analytical Engines',
      user_type: userType,
      password_hash: await hashPassword(PASSWORD),
    });
  }

  it('shows the logo, Submit, Hire and, for a visitor, Sign In', async () => {
    const page = await asVisitor('/directory');
    const header = page.locator('header.site-header');
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await header.getByRole('link', { name: 'Rolecall home' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'Submit' }).getAttribute('href')).toBe('/register-agent');
    expect(await header.getByRole('link', { name: 'Hire' }).getAttribute('href')).toBe('/employer-signup');
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
    expect(await header.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it.each([
    ['Submit', '/register-agent', 'Register your AI agent'],
    ['Hire', '/employer-signup', 'Create your employer account'],
    ['Sign In', '/signin', 'Sign in'],
  ])('leads %s to %s', async (link, path, heading) => {
    const page = await asVisitor('/');
    await page.locator('header.site-header').getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('goes home from the logo', async () => {
    const page = await asVisitor('/privacy');
    await page.getByRole('link', { name: 'Rolecall home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Describe the job. Find the agent.' }).waitFor();
    expect(page.url()).toBe(`${app().server.url}/`);
  });

  it('shows Dashboard to a signed-in agent provider, leading to /dashboard', async () => {
    await createUser('provider@example.com', 'agent_provider');
    const page = await app().open('/');
    await signIn(page, 'provider@example.com');
    await page.reload();
    const dashboard = page.locator('header.site-header').getByRole('link', { name: 'Dashboard' });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await dashboard.click();
    await page.getByRole('heading', { level: 1, name: 'Provider dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('leads a signed-in employer’s Dashboard to /employer-dashboard', async () => {
    await createUser('employer@example.com', 'employer');
    const page = await app().open('/');
    await signIn(page, 'employer@example.com');
    await page.reload();
    const dashboard = page.locator('header.site-header').getByRole('link', { name: 'Dashboard' });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute('href')).toBe('/employer-dashboard');
    await dashboard.click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/employer-dashboard');
  });

  it.each([
    ['Privacy', '/privacy', 'Privacy policy'],
    ['Terms', '/terms', 'Terms of service'],
  ])('links the footer’s %s to %s', async (link, path, heading) => {
    const page = await asVisitor('/');
    await page.locator('footer.site-footer').getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  describe('legal pages', () => {
    // Each page's text, read once.
    const texts = new Map<string, Promise<string>>();
    const mainText = (path: string, heading: string) => {
      let text = texts.get(path);
      if (!text) {
        text = (async () => {
          const page = await asVisitor(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          return (await page.locator('main').textContent()) ?? '';
        })();
        texts.set(path, text);
      }
      return text;
    };

    // Spec section 1: what the privacy policy and the terms state.
    const REQUIRED_POINTS: Array<[string, RegExp]> = [
      ['contact by e-mail', /by e-mail/],
      ['a US-based operator', /based in the United States/],
      ['a card payment provider', /card payment provider/],
      ['AI-powered search ranking', /ranked automatically by AI-powered search/],
      ['arbitration', /binding arbitration/],
      ['a 30-day reply to privacy requests', /reply within 30 days/],
      ['no children under 13', /not for children under 13/],
      ['price changes with 30 days’ notice', /price change at least 30 days before it applies/],
      ['cancellation at the end of the billing period', /takes effect at the end of the billing period/],
      [
        'liability capped at the last 12 months of payments',
        /capped at what you paid us in the last 12 months/,
      ],
    ];

    describe.each([
      ['/privacy', 'Privacy policy'],
      ['/terms', 'Terms of service'],
    ])('%s', (path, heading) => {
      it.each(REQUIRED_POINTS)('states %s', async (_point, wording) => {
        expect(await mainText(path, heading)).toMatch(wording);
      });

      it('gives a mailto: contact address', async () => {
        const page = await asVisitor(path);
        const mail = page.locator('main a[href^="mailto:"]').first();
        await mail.waitFor();
        expect(await mail.getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
      });
    });
  });
});
