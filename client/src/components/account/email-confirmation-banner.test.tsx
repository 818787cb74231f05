import '../../testing/dom-polyfills';
import type { User } from '@agentry/domain/contract/accounts';
import { screen } from '@testing-library/react';
import { AuthProvider, useAuth } from '../../lib/auth/auth-provider';
import { type FakeRoute, mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { makeUser } from '../../testing/users';
import { SiteEmailConfirmationBanner } from './email-confirmation-banner';

// Issue 25: an unconfirmed address is said on every page, not only on the dashboards.

const me = (userType: User['user_type'], verified: boolean): FakeRoute => ({
  path: '/api/auth/me',
  body: {
    success: true,
    user: makeUser({ user_type: userType, subscription_status: 'active', email_verified: verified }),
    user_type: userType,
  },
});

/** Says when the session has been read, so a test can tell "no banner" from "not yet". */
function AuthStatus() {
  return <p>Session {useAuth().state.status}</p>;
}

function renderAt(url: string, route: FakeRoute) {
  mockFetch([route]);
  renderWithRouter(
    <AuthProvider>
      <SiteEmailConfirmationBanner />
      <AuthStatus />
    </AuthProvider>,
    { url },
  );
}

const banner = () => screen.queryByRole('region', { name: 'E-mail confirmation' });

describe('SiteEmailConfirmationBanner', () => {
  it("shows an employer's unconfirmed address on any page, with what waits on it", async () => {
    renderAt('/directory', me('employer', false));
    expect((await screen.findByRole('region', { name: 'E-mail confirmation' })).textContent).toContain(
      'We sent a link to ada@example.com. Contact and demo requests to providers, and reviews, need a confirmed address.',
    );
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeTruthy();
  });

  it('tells a provider their agents wait for it', async () => {
    renderAt('/agents/42', me('agent_provider', false));
    expect((await screen.findByRole('region', { name: 'E-mail confirmation' })).textContent).toContain(
      'Agents registered under this address are listed and yours once it is confirmed.',
    );
  });

  it('leaves the dashboards and the confirmation page to say it themselves', async () => {
    renderAt('/dashboard', me('agent_provider', false));
    await screen.findByText('Session signed-in');
    expect(banner()).toBeNull();
  });

  it('says nothing once the address is confirmed', async () => {
    renderAt('/directory', me('employer', true));
    await screen.findByText('Session signed-in');
    expect(banner()).toBeNull();
  });

  it('says nothing to a visitor', async () => {
    renderAt('/directory', { path: '/api/auth/me', body: { success: false, user: null } });
    await screen.findByText('Session signed-out');
    expect(banner()).toBeNull();
  });
});
