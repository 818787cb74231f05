import '../../../testing/dom-polyfills';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { VerifyEmailPage } from './verify-email-page';

const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const USER = {
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada',
  organization: 'A',
  user_type: 'agent_provider',
};

function renderVerify(url: string, routes: FakeRoute[]) {
  const fetchMock = mockFetch([
    {
      path: '/api/auth/me',
      body: { success: true, user: { ...USER, email_verified: false }, user_type: 'agent_provider' },
    },
    CSRF,
    ...routes,
  ]);
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
  it('confirms the address once even under StrictMode, says how many agents were added and re-reads the user', async () => {
    const fetchMock = renderVerify('/verify-email?token=t1', [
      {
        method: 'POST',
        path: '/api/auth/verify-email',
        body: { success: true, message: 'Your e-mail address is confirmed.', claimed: 2 },
      },
    ]);
    const notice = await screen.findByText(/Your e-mail address is confirmed\./);
    expect(notice.textContent).toBe(
      'Your e-mail address is confirmed. 2 agents registered under this address are now in your account.',
    );
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
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
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
    expect(screen.getByText(/Sign in and use/).textContent).toContain('Resend link');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('says the link is incomplete and calls nothing when it has no token', async () => {
    const fetchMock = renderVerify('/verify-email', []);
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(screen.getByRole('alert').textContent).toContain('This confirmation link is incomplete');
    expect(calls(fetchMock)).not.toContain('POST /api/auth/verify-email');
  });
});
