import '../../testing/dom-polyfills';
import type { User } from '@agentry/domain/contract/accounts';
import { act, screen, within } from '@testing-library/react';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { compareStore } from '../../lib/compare-selection';
import { type FakeRoute, mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { makeUser } from '../../testing/users';
import { CompareBar } from './compare-bar';

const user = (userType: User['user_type'], status: User['subscription_status']) => ({
  path: '/api/auth/me',
  body: {
    success: true,
    user: makeUser({ user_type: userType, subscription_status: status }),
    user_type: userType,
  },
});

function renderBar(me: FakeRoute) {
  mockFetch([me]);
  return renderWithRouter(
    <AuthProvider>
      <CompareBar />
    </AuthProvider>,
  );
}

describe('CompareBar', () => {
  beforeEach(() => act(() => compareStore().clear()));

  it('says from the first pick that comparing is part of the employer plan, and where to get it', async () => {
    act(() => void compareStore().toggle({ id: '1', name: 'ReplyRanch' }));
    renderBar({ path: '/api/auth/me', body: { success: false, user: null } });
    const bar = screen.getByRole('complementary', { name: 'Agents to compare' });
    expect((await within(bar).findByText(/Comparing is part of the employer plan/)).textContent).toContain(
      '$40/month',
    );
    expect(within(bar).getByRole('link', { name: 'Get the employer plan' }).getAttribute('href')).toBe(
      '/employer-signup',
    );
  });

  it('offers an employer without the plan to subscribe', async () => {
    act(() => void compareStore().toggle({ id: '1', name: 'ReplyRanch' }));
    renderBar(user('employer', 'inactive'));
    expect((await screen.findByRole('link', { name: 'Subscribe' })).getAttribute('href')).toBe(
      '/account-setup',
    );
  });

  it('says nothing of the plan to an employer who has it', async () => {
    act(() => void compareStore().toggle({ id: '1', name: 'ReplyRanch' }));
    renderBar(user('employer', 'active'));
    await screen.findByText(/Pick at least 2 agents/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/Comparing is part of/)).toBeNull();
  });
});
