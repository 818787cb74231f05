import { setUpApp } from './support/e2e-app';

// Spec section 2: unknown paths redirect to /, and every route of later issues exists.

const HOME_HEADING = 'Describe the job. Find the agent.';

// The placeholder headings of client/src/app/routes/coming-soon.tsx.
const LATER_ROUTES: Array<[string, string]> = [
  ['/register-agent', 'Register your AI agent'],
  ['/register-agent/', 'Register your AI agent'],
  ['/account-setup', 'Complete your account setup'],
  ['/subscription/success', 'Subscription confirmation'],
  ['/subscription/cancel', 'Checkout cancelled'],
  ['/subscription/manage', 'Manage your subscription'],
  ['/signin', 'Sign in'],
  ['/employer-signup', 'Employer signup'],
  ['/dashboard', 'Provider dashboard'],
  ['/employer-dashboard', 'Employer dashboard'],
  ['/admin/directory', 'Admin directory'],
  ['/rjs', 'Coming soon'],
];

describe('Routing', () => {
  const app = setUpApp();

  it.each(['/no/such/page', '/agents', '/directory/extra'])(
    'ends an unknown path (%s) at /',
    async (path) => {
      const page = await app().open(path);
      await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
      expect(page.url()).toBe(`${app().server.url}/`);
    },
  );

  it('sends an unknown path reached inside the app to / as well', async () => {
    const page = await app().open('/directory');
    await page.getByRole('heading', { level: 1, name: 'AI agent directory' }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nowhere-in-particular');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    expect(page.url()).toBe(`${app().server.url}/`);
  });

  it.each(LATER_ROUTES)('renders the lazy route %s with its heading "%s"', async (path, heading) => {
    const page = await app().open(path);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });
});
