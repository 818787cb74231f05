import { act, render, screen, waitFor } from '@testing-library/react';
import { calls, mockFetch } from '../../testing/mock-fetch';
import { makeUser } from '../../testing/users';
import { type AuthContextValue, AuthProvider, useAuth } from './auth-provider';

let auth: AuthContextValue;

function Probe() {
  auth = useAuth();
  return <p>{auth.state.status === 'signed-in' ? `in:${auth.state.user.email}` : auth.state.status}</p>;
}

const ME = {
  success: true,
  user: { id: 'u1', email: 'ada@example.com', full_name: 'Ada', organization: 'A' },
  user_type: 'agent_provider',
};

describe('AuthProvider', () => {
  it('starts loading, then is signed in with the user from /api/auth/me', async () => {
    mockFetch([{ path: '/api/auth/me', body: ME }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('in:ada@example.com')).toBeTruthy();
    expect(auth.state.user?.user_type).toBe('agent_provider');
  });

  it('logs out with a CSRF token and clears the user', async () => {
    const fetchMock = mockFetch([
      { path: '/api/auth/me', body: ME },
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      { method: 'POST', path: '/api/auth/logout', body: { success: true } },
    ]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('in:ada@example.com');
    await act(() => auth.logout());
    expect(screen.getByText('signed-out')).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/auth/logout');
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout')!;
    expect((logoutCall[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('clears the user even when the logout call fails', async () => {
    mockFetch([
      { path: '/api/auth/me', body: ME },
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      { method: 'POST', path: '/api/auth/logout', status: 500, body: { error: 'boom' } },
    ]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('in:ada@example.com');
    await act(() => auth.logout());
    expect(screen.getByText('signed-out')).toBeTruthy();
  });

  it('ends the session on the server before the page moves on, and clears the user last', async () => {
    const fetchMock = mockFetch([
      { path: '/api/auth/me', body: ME },
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      { method: 'POST', path: '/api/auth/logout', body: { success: true } },
    ]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('in:ada@example.com');
    const seen: string[] = [];
    await act(() =>
      auth.logout(() => {
        seen.push(calls(fetchMock).at(-1)!, auth.state.status);
      }),
    );
    expect(seen).toEqual(['POST /api/auth/logout', 'signed-in']);
    expect(screen.getByText('signed-out')).toBeTruthy();
  });

  it('signs a user in directly (login success)', async () => {
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('signed-out');
    act(() => auth.signIn(makeUser({ ...ME.user, user_type: 'employer' })));
    await waitFor(() => expect(screen.getByText('in:ada@example.com')).toBeTruthy());
  });
});

describe('AuthProvider.refresh', () => {
  it('re-reads /api/auth/me so a change made on the server shows (an e-mail verified)', async () => {
    mockFetch([{ path: '/api/auth/me', body: { ...ME, user: { ...ME.user, email_verified: false } } }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('in:ada@example.com');
    expect(auth.state.user?.email_verified).toBe(false);
    mockFetch([{ path: '/api/auth/me', body: { ...ME, user: { ...ME.user, email_verified: true } } }]);
    await act(() => auth.refresh());
    expect(auth.state.user?.email_verified).toBe(true);
  });

  it('signs out when the session is gone (a password reset ended it)', async () => {
    mockFetch([{ path: '/api/auth/me', body: ME }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('in:ada@example.com');
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    await act(() => auth.refresh());
    expect(screen.getByText('signed-out')).toBeTruthy();
  });

  it('keeps the user when the refresh cannot reach the server', async () => {
    mockFetch([{ path: '/api/auth/me', body: ME }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('in:ada@example.com');
    mockFetch([{ path: '/api/auth/me', networkError: true }]);
    await act(() => auth.refresh());
    expect(screen.getByText('in:ada@example.com')).toBeTruthy();
  });
});
