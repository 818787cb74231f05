import '../../../testing/dom-polyfills';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl } from '../../../testing/render';
import { SignInPage } from './signin-page';

const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const user = (userType: string) => ({
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  organization: 'Analytical',
  user_type: userType,
});
const loginAnswer = (userType: string): FakeRoute => ({
  method: 'POST',
  path: '/api/auth/login',
  body: { success: true, user: user(userType), user_type: userType },
});

function renderSignIn(routes: FakeRoute[], state?: unknown) {
  const fetchMock = mockFetch(routes);
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: '/signin', state }] },
  );
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return { router, fetchMock };
}

/** Lets the session check (GET /api/auth/me) finish, for tests that look only at the first render. */
const sessionChecked = () => act(() => new Promise((done) => setTimeout(done, 0)));

async function signInWith(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInPage', () => {
  it('sends an agent provider to /dashboard, with the CSRF token', async () => {
    const { router, fetchMock } = renderSignIn([SIGNED_OUT, CSRF, loginAnswer('agent_provider')]);
    await signInWith('ada@example.com', 'correct horse');
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/dashboard');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login')!;
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('sends an employer to /employer-dashboard', async () => {
    const { router } = renderSignIn([SIGNED_OUT, CSRF, loginAnswer('employer')]);
    await signInWith('ada@example.com', 'correct horse');
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/employer-dashboard');
  });

  it('returns to the page the visitor was sent away from', async () => {
    const { router } = renderSignIn([SIGNED_OUT, CSRF, loginAnswer('agent_provider')], {
      from: '/subscription/manage',
    });
    await signInWith('ada@example.com', 'correct horse');
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/subscription/manage');
  });

  it("shows the server's text for a wrong password", async () => {
    renderSignIn([
      SIGNED_OUT,
      CSRF,
      {
        method: 'POST',
        path: '/api/auth/login',
        status: 401,
        body: { success: false, error: 'Invalid email or password' },
      },
    ]);
    await signInWith('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it("shows the server's throttle message after too many attempts", async () => {
    const throttled = 'Too many sign-in attempts. Please try again in 15 minutes.';
    renderSignIn([
      SIGNED_OUT,
      CSRF,
      { method: 'POST', path: '/api/auth/login', status: 429, body: { error: throttled } },
    ]);
    await signInWith('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(throttled);
  });

  it("says 'Login failed' when the server gave no reason", async () => {
    renderSignIn([SIGNED_OUT, CSRF, { method: 'POST', path: '/api/auth/login', status: 500, body: null }]);
    await signInWith('ada@example.com', 'whatever');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it("says 'An unexpected error occurred' when the call never reaches the server", async () => {
    renderSignIn([SIGNED_OUT, CSRF, { method: 'POST', path: '/api/auth/login', networkError: true }]);
    await signInWith('ada@example.com', 'whatever');
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks for both fields before calling the server, focusing the first one missing', async () => {
    const { fetchMock } = renderSignIn([SIGNED_OUT]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(calls(fetchMock)).toEqual(['GET /api/auth/me']);
  });

  it('shows the message it was sent with as a success notice and prefills the e-mail', async () => {
    renderSignIn([SIGNED_OUT], {
      message: 'Your agent is listed. Sign in to manage it.',
      email: 'ada@example.com',
    });
    await sessionChecked();
    expect(screen.getByRole('status').textContent).toBe('Your agent is listed. Sign in to manage it.');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('offers a password reset, a free registration and the paid plans', async () => {
    renderSignIn([SIGNED_OUT]);
    await sessionChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Register your AI agent' }).getAttribute('href')).toBe(
      '/register-agent',
    );
    expect(screen.getByRole('link', { name: /Upgrade to the provider plan/ }).getAttribute('href')).toBe(
      '/account-setup',
    );
    expect(screen.getByRole('link', { name: 'Hire with AI agents' }).getAttribute('href')).toBe(
      '/employer-signup',
    );
  });

  it('offers a signed-in visitor their dashboard', async () => {
    renderSignIn([
      { path: '/api/auth/me', body: { success: true, user: user('employer'), user_type: 'employer' } },
    ]);
    const link = await screen.findByRole('link', { name: 'Go to your dashboard' });
    expect(link.getAttribute('href')).toBe('/employer-dashboard');
  });
});
