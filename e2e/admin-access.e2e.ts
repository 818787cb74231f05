import { ADMIN_ENV, createAccount, uniqueEmail } from './support/accounts';
import { setUpApp } from './support/e2e-app';

// Who reaches the staff area (/admin): a visitor and a signed-in provider are refused the admin API
// and shown the admin login, with no error in the browser's console. One admin's working session on
// the dashboard: admin.e2e.ts.

describe('Admin area', () => {
  const app = setUpApp({ env: ADMIN_ENV });

  it('refuses the admin API to a visitor and to a signed-in user, and shows them the admin login', async () => {
    const page = await app().newPage();
    // Asking whether an admin is signed in is no error for a visitor: the browser logs none (it
    // logged the 401 of /api/admin/me on every visit before GET /api/admin/session).
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/admin/directory');
    await page.getByRole('heading', { level: 1, name: 'Admin login' }).waitFor();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(consoleErrors).toEqual([]);
    const asked = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/admin/agents');
        return { status: response.status, body: await response.json() };
      });
    const visitor = await asked();
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual(expect.objectContaining({ success: false }));
    expect(visitor.body).not.toHaveProperty('agents');

    // A provider's session is no admin session.
    await createAccount(app().server, { email: uniqueEmail('not-staff'), subscribed: true }, page.request);
    expect((await asked()).status).toBe(401);
    expect((await page.request.get('/api/admin/download-agents')).status()).toBe(401);
  });
});
