import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN, signedOut } from '../testing/admin-api';
import { callsTo, renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

async function logIn(username = 'grace', password = 'correct horse') {
  await userEvent.type(await screen.findByLabelText(/Username/), username);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const LOGIN_OK = {
  method: 'POST' as const,
  path: '/api/admin/login',
  body: { success: true, admin: { username: 'grace' }, csrf_token: CSRF_TOKEN },
};

describe('Admin screen: login', () => {
  it('shows its own login form when no admin is signed in', async () => {
    const { fetchMock } = renderAdmin([signedOut]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin login' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Admin login' })).toBeTruthy();
    // Asked where a signed-out visitor is answered 200, not /me's 401 (a console error per visit).
    expect(callsTo(fetchMock, 'GET', '/api/admin/session')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/admin/me')).toEqual([]);
  });

  it("says 'Invalid credentials' when the server refuses the username and password", async () => {
    renderAdmin([
      signedOut,
      {
        method: 'POST',
        path: '/api/admin/login',
        status: 401,
        body: { success: false, error: 'Invalid credentials' },
      },
    ]);
    await logIn('grace', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).toBeNull();
  });

  it("says 'Invalid credentials' when the server refuses without a reason", async () => {
    renderAdmin([signedOut, { method: 'POST', path: '/api/admin/login', status: 401 }]);
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
  });

  it('says why a throttled login was refused', async () => {
    renderAdmin([
      signedOut,
      {
        method: 'POST',
        path: '/api/admin/login',
        status: 429,
        body: { success: false, error: 'Too many attempts. Try again in 15 minutes.' },
      },
    ]);
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('asks for both fields before sending anything', async () => {
    const { fetchMock } = renderAdmin([signedOut]);
    await screen.findByRole('heading', { name: 'Admin login' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/login')).toEqual([]);
  });

  it('flips to the dashboard with the total and active agent counts after a successful login', async () => {
    const { fetchMock } = renderAdmin([signedOut, LOGIN_OK]);
    await logIn();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Signed in as grace')).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(await within(overview).findByText('Total agents')).toBeTruthy();
    expect(within(overview).getByText('Total agents').nextElementSibling?.textContent).toBe('1,234');
    expect(within(overview).getByText('Active agents').nextElementSibling?.textContent).toBe('1,200');
    expect(within(overview).getByRole('link', { name: 'View Directory' }).getAttribute('href')).toBe(
      '/directory',
    );
    expect(within(overview).getByRole('button', { name: 'Download All Agents' })).toBeTruthy();
    const login = requestOf(fetchMock, 'POST', '/api/admin/login');
    expect(login.body).toEqual({ username: 'grace', password: 'correct horse' });
    // Signed in with a fresh admin session's token: no other site can sign this browser in.
    expect(login.headers['X-CSRF-Token']).toBe('admin-login-csrf');
  });

  it('opens on the dashboard when the admin session is still alive (the admin flag)', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeTruthy();
  });

  it('goes back to the login form, saying why, when a call answers 401 (the session idled out)', async () => {
    renderAdmin([
      {
        method: 'DELETE',
        path: '/api/admin/agents/a1',
        status: 401,
        body: { success: false, error: 'Not signed in' },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete LedgerLark' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Admin login' });
    expect(screen.getByText('Your admin session has ended. Please log in again.')).toBeTruthy();
    expect(document.activeElement).toBe(heading);
  });

  it('logs out with the CSRF token and shows the login form again', async () => {
    const { fetchMock } = renderAdmin([
      { method: 'POST', path: '/api/admin/logout', body: { success: true } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin login' })).toBeTruthy();
    expect(requestOf(fetchMock, 'POST', '/api/admin/logout').headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
  });
});
