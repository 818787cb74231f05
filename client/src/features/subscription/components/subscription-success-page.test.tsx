import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { SubscriptionSuccessPage } from './subscription-success-page';

const ID = 'cs_test_abcdefgh';
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };
const signedIn = (userType: string): FakeRoute => ({
  path: '/api/auth/me',
  body: {
    success: true,
    user: {
      id: 'u1',
      email: 'ada@example.com',
      full_name: 'Ada',
      organization: 'A',
      subscription_status: 'active',
    },
    user_type: userType,
  },
});
const verified = (body: Record<string, unknown> = {}): FakeRoute => ({
  method: 'POST',
  path: '/api/verify-session',
  body: {
    success: true,
    ok: true,
    subscription_status: 'active',
    plan: 'agent_provider',
    payments_mode: 'stripe',
    ...body,
  },
});

function renderSuccess(routes: FakeRoute[], url = `/subscription/success?session_id=${ID}`) {
  const fetchMock = mockFetch([CSRF, ...routes]);
  renderWithRouter(
    <AuthProvider>
      <SubscriptionSuccessPage />
    </AuthProvider>,
    { url },
  );
  return fetchMock;
}

describe('SubscriptionSuccessPage', () => {
  it("says 'No session ID found' without a session_id, verifying nothing", async () => {
    const fetchMock = renderSuccess([SIGNED_OUT], '/subscription/success');
    expect((await screen.findByRole('alert')).textContent).toBe('No session ID found');
    expect(calls(fetchMock)).not.toContain('POST /api/verify-session');
  });

  it('verifies the session, then shows the benefits and the next steps of a provider', async () => {
    const fetchMock = renderSuccess([signedIn('agent_provider'), verified()]);
    expect(screen.getByText('Verifying your subscription...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the Provider plan!' }),
    ).toBeTruthy();
    expect(screen.getByText('A dedicated provider page with a followed link to your site')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Agents' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Browse Agents' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Register Another Agent' }).getAttribute('href')).toBe(
      '/register-agent',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/verify-session')!;
    expect(JSON.parse(String(init!.body))).toEqual({ session_id: ID });
    expect(document.querySelector('.test-mode-banner')).toBeNull();
  });

  it('re-reads the signed-in user once verified, so the new subscription shows everywhere', async () => {
    const fetchMock = renderSuccess([signedIn('agent_provider'), verified()]);
    await screen.findByRole('link', { name: 'Manage Agents' });
    expect(calls(fetchMock).filter((call) => call === 'GET /api/auth/me')).toHaveLength(2);
  });

  it("shows an employer their plan's benefits and their dashboard", async () => {
    renderSuccess([signedIn('employer'), verified({ plan: 'employer' })]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the Employer plan!' }),
    ).toBeTruthy();
    expect(screen.getByText('Side-by-side comparison of agents')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/employer-dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Manage Agents' })).toBeNull();
  });

  it('says no payment was taken in test mode', async () => {
    renderSuccess([SIGNED_OUT, verified({ payments_mode: 'test' })]);
    await screen.findByRole('link', { name: 'Manage Agents' });
    expect(document.querySelector('.test-mode-banner')?.textContent).toBe('Test mode: no payment was taken');
  });

  it("says 'Failed to verify your subscription. Please contact support.' when the session does not check out", async () => {
    renderSuccess([
      SIGNED_OUT,
      {
        method: 'POST',
        path: '/api/verify-session',
        status: 400,
        body: { success: false, ok: false, error: 'Not paid' },
      },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to verify your subscription. Please contact support.',
    );
    expect(screen.getByText(ID)).toBeTruthy();
  });

  it('offers sign-in when the session that paid has ended (the server verifies only for its account)', async () => {
    renderSuccess([
      SIGNED_OUT,
      { method: 'POST', path: '/api/verify-session', status: 401, body: { error: 'Please sign in.' } },
    ]);
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/signin');
    expect(screen.queryByText('Failed to verify your subscription. Please contact support.')).toBeNull();
  });
});
