import '../../testing/dom-polyfills';
import { act, screen } from '@testing-library/react';

import { AuthProvider } from '../../lib/auth/auth-provider';
import { reportStaffSession } from '../../lib/auth/staff-presence';
import { deferred, mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { Header } from './header';

function renderHeader() {
  return renderWithRouter(
    <AuthProvider>
      <Header />
    </AuthProvider>,
  );
}

const signedIn = (userType: string, where: 'top' | 'user' = 'top') => ({
  success: true,
  user: {
    id: 'u1',
    email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    organization: 'Analytical',
    ...(where === 'user' ? { user_type: userType } : {}),
  },
  ...(where === 'top' ? { user_type: userType } : {}),
});

describe('Header', () => {
  it('shows the logo home link with Submit and Hire', async () => {
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    renderHeader();
    expect(screen.getByRole('link', { name: 'Rolecall home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Submit' }).getAttribute('href')).toBe('/register-agent');
    expect(screen.getByRole('link', { name: 'Hire' }).getAttribute('href')).toBe('/employer-signup');
    await screen.findByRole('link', { name: 'Sign In' });
  });

  it('shows Sign In to a signed-out visitor', async () => {
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows signed-in staff their area instead of Sign In, and Sign In again once they log out', async () => {
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    act(() => reportStaffSession('ops'));
    try {
      renderHeader();
      const staff = await screen.findByRole('link', { name: /Staff area/ });
      expect(staff.getAttribute('href')).toBe('/admin');
      expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
      act(() => reportStaffSession(null));
      expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    } finally {
      act(() => reportStaffSession(null));
    }
  });

  it('shows neither Sign In nor Dashboard while the session check runs', () => {
    const pending = deferred();
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null }, wait: pending.promise }]);
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('links an agent provider to /dashboard', async () => {
    mockFetch([{ path: '/api/auth/me', body: signedIn('agent_provider') }]);
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('links any other user type to /employer-dashboard, reading user_type under user too', async () => {
    mockFetch([{ path: '/api/auth/me', body: signedIn('employer', 'user') }]);
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe(
      '/employer-dashboard',
    );
  });

  it('treats a failed session check as signed out', async () => {
    mockFetch([{ path: '/api/auth/me', networkError: true }]);
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
