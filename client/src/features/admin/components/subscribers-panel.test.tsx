import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN } from '../testing/admin-api';
import { makeSubscriber } from '../testing/admin-fixtures';
import { renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const ADA = makeSubscriber({ id: 'u1', full_name: 'Ada Lovelace', subscription_status: 'active' });
const GRACE = makeSubscriber({ id: 'u2', full_name: 'Grace Hopper', subscription_status: 'inactive' });

async function showSubscribers() {
  const panel = await screen.findByRole('region', { name: /Subscribers/ });
  const toggle = within(panel).getByRole('button', { name: 'Show Subscribers' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(toggle);
  expect(toggle.textContent).toBe('Hide Subscribers');
  return panel;
}

describe('Admin screen: subscribers', () => {
  it('shows each subscriber with their status and the opposite action', async () => {
    renderAdmin([], { subscribers: [ADA, GRACE] });
    const panel = await showSubscribers();
    expect(await within(panel).findByRole('button', { name: 'Deactivate Ada Lovelace' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Activate Grace Hopper' })).toBeTruthy();
    expect(within(panel).getByText('active')).toBeTruthy();
    expect(within(panel).getByText('inactive')).toBeTruthy();
  });

  it('deactivates an active subscriber: the button then offers Activate', async () => {
    const { fetchMock } = renderAdmin(
      [
        {
          method: 'PUT',
          path: '/api/admin/subscribers/u1/subscription-status',
          body: { success: true, subscriber: { ...ADA, subscription_status: 'inactive' } },
        },
      ],
      { subscribers: [ADA] },
    );
    const panel = await showSubscribers();
    const button = await within(panel).findByRole('button', { name: 'Deactivate Ada Lovelace' });
    await userEvent.click(button);
    expect(await within(panel).findByRole('button', { name: 'Activate Ada Lovelace' })).toBe(button);
    const request = requestOf(fetchMock, 'PUT', '/api/admin/subscribers/u1/subscription-status');
    expect(request.body).toEqual({ subscription_status: 'inactive' });
    expect(request.headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
  });

  it("says 'Failed to update subscription status' when the change fails without a reason", async () => {
    renderAdmin([{ method: 'PUT', path: '/api/admin/subscribers/u2/subscription-status', status: 500 }], {
      subscribers: [GRACE],
    });
    const panel = await showSubscribers();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Activate Grace Hopper' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Failed to update subscription status',
    );
  });

  it("says 'Failed to fetch subscribers' when the list cannot be read", async () => {
    renderAdmin([{ path: '/api/admin/subscribers?limit=50&offset=0', status: 500 }]);
    const panel = await showSubscribers();
    expect((await within(panel).findByRole('alert')).textContent).toBe('Failed to fetch subscribers');
  });
});
