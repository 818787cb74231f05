import '../../../testing/dom-polyfills';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { makeUser } from '../../../testing/users';
import { VerifyEmailPage } from './verify-email-page';

const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const USER = makeUser();

const SIGNED_IN: FakeRoute = {
  path: '/api/auth/me',
  body: { success: true, user: { ...USER, email_verified: false }, user_type: 'agent_provider' },
};

function renderVerify(url: string, routes: FakeRoute[], me: FakeRoute = SIGNED_IN) {
  const fetchMock = mockFetch([me, CSRF, ...routes]);
  // As in app.tsx: StrictMode around the router, where it runs every effect twice in development.
  const router = createMemoryRouter([{ path: '*', element: <VerifyEmailPage /> }], { initialEntries: [url] });
  render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>,
  );
  return fetchMock;
}

describe('VerifyEmailPage', () => {
  it('asks a visitor who is not signed in to sign in first, and sends nothing until then', async () => {
    const fetchMock = renderVerify('/verify-email?token=t1', [], {
      path: '/api/auth/me',
      body: { success: false, user: null },
    });
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/signin');
    expect(screen.getByText(/Sign in to the account this link was sent for/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(calls(fetchMock)).not.toContain('POST /api/auth/verify-email');
  });

  it('offers a newcomer who registered an agent the account the link needs, not only Sign in', async () => {
    // A claim link works only in the provider account of its address; someone who registered an
    // agent and skipped the account form has none yet (newcomer pass, session 16).
    renderVerify('/verify-email?token=t1', [], {
      path: '/api/auth/me',
      body: { success: false, user: null },
    });
    const create = await screen.findByRole('link', { name: 'Create your provider account' });
    expect(create.getAttribute('href')).toBe('/account-setup');
  });

  it("shows the server's words when the link belongs to another account", async () => {
    const error =
      'This link was sent for another account. Sign out, then sign in to the account it was sent for.';
    renderVerify('/verify-email?token=t1', [
      { method: 'POST', path: '/api/auth/verify-email', status: 403, body: { success: false, error } },
    ]);
    expect(await screen.findByText(error)).toBeTruthy();
  });

  it("confirms the address once even under StrictMode, shows the server's message alone and re-reads the user", async () => {
    const message = 'Your e-mail address ada@example.com is confirmed. 2 agents were added to your account.';
    const fetchMock = renderVerify('/verify-email?token=t1', [
      { method: 'POST', path: '/api/auth/verify-email', body: { success: true, message, claimed: 2 } },
    ]);
    // The server's message already counts the agents: the page adds no sentence of its own.
    expect((await screen.findByText(message)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your e-mail address is confirmed');
    expect(calls(fetchMock).filter((call) => call === 'POST /api/auth/verify-email')).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/verify-email')!;
    expect(JSON.parse(String(init!.body))).toEqual({ token: 't1' });
    // The session is re-read after the confirmation.
    const meCallsAfterVerify = calls(fetchMock).slice(
      calls(fetchMock).indexOf('POST /api/auth/verify-email'),
    );
    expect(meCallsAfterVerify).toContain('GET /api/auth/me');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    // Signed in already: no "Sign in" offered to someone who is.
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('sends a signed-in employer to the employer dashboard once the address is confirmed', async () => {
    const employer: FakeRoute = {
      path: '/api/auth/me',
      body: {
        success: true,
        user: { ...USER, user_type: 'employer', email_verified: false },
        user_type: 'employer',
      },
    };
    renderVerify(
      '/verify-email?token=t2',
      [
        {
          method: 'POST',
          path: '/api/auth/verify-email',
          body: { success: true, message: 'Confirmed.', claimed: 0 },
        },
      ],
      employer,
    );
    await screen.findByText('Confirmed.');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/employer-dashboard',
    );
  });

  it("shows the server's text for a used or expired link and how to get a new one", async () => {
    renderVerify('/verify-email?token=used', [
      {
        method: 'POST',
        path: '/api/auth/verify-email',
        status: 400,
        body: { success: false, error: 'This link has already been used or has expired.' },
      },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has already been used or has expired.',
    );
    expect(screen.getByText(/on your dashboard to get a new one/).textContent).toContain('Resend link');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('says the link is incomplete and calls nothing when it has no token', async () => {
    const fetchMock = renderVerify('/verify-email', []);
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(screen.getByRole('alert').textContent).toContain('This confirmation link is incomplete');
    expect(calls(fetchMock)).not.toContain('POST /api/auth/verify-email');
  });
});
