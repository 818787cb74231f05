import '../../../testing/dom-polyfills';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const NEUTRAL = 'If an account exists for that e-mail, we sent a link to choose a new password.';

const sessionChecked = () => act(() => new Promise((done) => setTimeout(done, 0)));

function renderPage(page: React.ReactElement, url: string, routes: FakeRoute[]) {
  const fetchMock = mockFetch([SIGNED_OUT, CSRF, ...routes]);
  const view = renderWithRouter(<AuthProvider>{page}</AuthProvider>, { url });
  return { ...view, fetchMock };
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === path)![1]!.body));

describe('ForgotPasswordPage', () => {
  it("shows the server's neutral message once the link is asked for", async () => {
    const { fetchMock } = renderPage(<ForgotPasswordPage />, '/forgot-password', [
      { method: 'POST', path: '/api/auth/forgot-password', body: { success: true, message: NEUTRAL } },
    ]);
    await userEvent.type(screen.getByLabelText('E-mail'), ' ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEUTRAL);
    expect(bodyOf(fetchMock, '/api/auth/forgot-password')).toEqual({ email: 'ada@example.com' });
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    await waitFor(() => expect(document.activeElement?.contains(screen.getByRole('status'))).toBe(true));
  });

  it('checks the address before asking the server', async () => {
    const { fetchMock } = renderPage(<ForgotPasswordPage />, '/forgot-password', []);
    await sessionChecked();
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(screen.getByText('Email is invalid')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(calls(fetchMock)).not.toContain('POST /api/auth/forgot-password');
  });
});

describe('ResetPasswordPage', () => {
  const CHANGED = 'Your password has been changed and every device was signed out. Please sign in.';
  const fill = async (password: string, confirmation: string) => {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  };

  it("sends the token with the new password, then shows the server's message that every device was signed out, and offers sign-in", async () => {
    const { fetchMock } = renderPage(<ResetPasswordPage />, '/reset-password?token=abc123', [
      {
        method: 'POST',
        path: '/api/auth/reset-password',
        body: { success: true, message: CHANGED },
      },
    ]);
    await fill('a new long passphrase', 'a new long passphrase');
    expect((await screen.findByRole('status')).textContent).toBe(CHANGED);
    // Said once, by the server: no sentence of the page's own repeats it.
    expect(screen.getAllByText(/signed out/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(bodyOf(fetchMock, '/api/auth/reset-password')).toEqual({
      token: 'abc123',
      password: 'a new long passphrase',
    });
  });

  it("says 'Passwords do not match' and calls nothing when the confirmation differs", async () => {
    const { fetchMock } = renderPage(<ResetPasswordPage />, '/reset-password?token=abc123', []);
    await sessionChecked();
    await fill('a new long passphrase', 'a new long passphrasf');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password'));
    expect(calls(fetchMock)).not.toContain('POST /api/auth/reset-password');
  });

  it('applies the password policy (too short)', async () => {
    renderPage(<ResetPasswordPage />, '/reset-password?token=abc123', []);
    await sessionChecked();
    await fill('short', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  });

  it("shows the server's text for an expired link with a way to ask for a new one", async () => {
    renderPage(<ResetPasswordPage />, '/reset-password?token=old', [
      {
        method: 'POST',
        path: '/api/auth/reset-password',
        status: 400,
        body: { success: false, error: 'This link has expired. Ask for a new one.' },
      },
    ]);
    await fill('a new long passphrase', 'a new long passphrase');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has expired. Ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says the link is incomplete when it has no token', async () => {
    renderPage(<ResetPasswordPage />, '/reset-password', []);
    await sessionChecked();
    expect(screen.getByRole('alert').textContent).toContain('This password reset link is incomplete');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
