import '../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { mockFetch } from '../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../testing/render';
import { Component as SubscriptionManageRoute } from './subscription-manage';

// jest has no CSS transform for the client.
jest.mock('../../styles/forms.css', () => ({}));
jest.mock('../../styles/subscription.css', () => ({}));
jest.mock('../../styles/dialog.css', () => ({}));

describe('/subscription/manage', () => {
  it('sends a signed-out visitor to sign in, to come back afterwards', async () => {
    mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    const { router } = renderWithRouter(
      <AuthProvider>
        <SubscriptionManageRoute />
      </AuthProvider>,
      { url: '/subscription/manage', path: '/subscription/manage' },
    );
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/subscription/manage' });
  });
});
