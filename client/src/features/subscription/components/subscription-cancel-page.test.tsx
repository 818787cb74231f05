import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { SubscriptionCancelPage } from './subscription-cancel-page';

const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };

function renderCancel(me: FakeRoute) {
  mockFetch([me]);
  return renderWithRouter(
    <AuthProvider>
      <SubscriptionCancelPage />
    </AuthProvider>,
    { url: '/subscription/cancel' },
  );
}

describe('SubscriptionCancelPage', () => {
  it('says no charges were made and the registration is still active, with the three ways on', async () => {
    renderCancel(SIGNED_OUT);
    expect(await screen.findByText(/No charges were made\. Your registration is still active/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/register-agent');
    expect(screen.getByRole('link', { name: 'Browse Agents' }).getAttribute('href')).toBe('/directory');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Checkout cancelled | Rolecall');
  });

  it('tells a provider whose address is not confirmed yet that nothing is listed before the link, not "stays listed"', async () => {
    // Their agent is held until the e-mailed link is opened (docs/accounts.md): "what you listed stays
    // listed" was untrue for the newcomer who just made the account (newcomer pass, session 16).
    const user = {
      id: 'p1',
      email: 'ada@example.com',
      full_name: 'Ada',
      organization: 'A',
      user_type: 'agent_provider',
      email_verified: false,
    };
    renderCancel({ path: '/api/auth/me', body: { success: true, user, user_type: 'agent_provider' } });
    expect(
      await screen.findByText(
        /No charges were made\. Your account is still there\. What you registered is listed/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/once you open the link in the e-mail we sent/)).toBeTruthy();
    expect(screen.queryByText(/what you listed stays listed/)).toBeNull();
  });

  it('tells an employer of their account and tries the employer checkout again, never the provider form', async () => {
    const user = {
      id: 'e1',
      email: 'grace@example.com',
      full_name: 'Grace',
      organization: 'G',
      user_type: 'employer',
    };
    renderCancel({ path: '/api/auth/me', body: { success: true, user, user_type: 'employer' } });
    expect(await screen.findByText(/Your employer account is still there/)).toBeTruthy();
    expect(screen.queryByText(/what you listed stays listed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/account-setup');
  });
});
