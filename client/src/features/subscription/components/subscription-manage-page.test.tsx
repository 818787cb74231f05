import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { SubscriptionManagePage } from './subscription-manage-page';

const USER = makeUser({
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada',
  organization: 'A',
  user_type: 'agent_provider',
  subscription_status: 'active',
});
// 2027-01-11 and 2027-02-11, 00:00 UTC.
const PERIOD = { current_period_start: 1_799_625_600, current_period_end: 1_802_304_000 };
const details = (stripe: Record<string, unknown> | null, extra: Record<string, unknown> = {}) => ({
  success: true,
  status: 'active',
  plan: 'agent_provider',
  price_usd: 5,
  payments_mode: 'stripe',
  stripe_customer_id: 'cus_1',
  stripe_data: stripe && { status: 'active', cancel_at_period_end: false, ...PERIOD, ...stripe },
  ...extra,
});
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const loaded = (body: unknown, status = 200): FakeRoute => ({
  path: '/api/users/subscription',
  status,
  body,
});
const post = (action: string, body: unknown, status = 200): FakeRoute => ({
  method: 'POST',
  path: `/api/users/subscription/${action}`,
  status,
  body,
});

function renderManage(routes: FakeRoute[]) {
  const fetchMock = mockFetch([CSRF, ...routes]);
  const view = renderWithRouter(<SubscriptionManagePage user={USER} />, {
    url: '/subscription/manage',
    path: '/subscription/manage',
  });
  return { ...view, fetchMock };
}

const badge = () => document.querySelector('.status-badge')?.textContent;
/** The card's notices (each a FormAlert), as read. */
const notices = () =>
  Array.from(document.querySelectorAll('.subscription-card .form-alert'), (n) => n.textContent);
const CANCELING = 'Your subscription will be canceled on February 11, 2027. You keep access until then.';

describe('SubscriptionManagePage', () => {
  it('shows the badge, the billing period and the next billing date as long US dates', async () => {
    renderManage([loaded(details({}))]);
    await screen.findByRole('heading', { level: 2, name: 'Provider plan' });
    expect(badge()).toBe('Active');
    const period = screen.getByText('Billing period').nextElementSibling!;
    expect(period.textContent).toBe('January 11, 2027 – February 11, 2027');
    // At 360 px the period may wrap, but never inside a date.
    expect(Array.from(period.querySelectorAll('.nowrap'), (date) => date.textContent)).toEqual([
      'January 11, 2027',
      'February 11, 2027',
    ]);
    expect(notices()).toEqual([]);
    expect(screen.getByText('Next billing date').nextElementSibling?.textContent).toBe('February 11, 2027');
    expect(screen.getByText('$5/month')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(document.querySelector('.test-mode-banner')).toBeNull();
    expect(document.title).toBe('Manage your subscription | Rolecall');
  });

  it('says TEST MODE when payments are simulated', async () => {
    renderManage([loaded(details({}, { payments_mode: 'test' }))]);
    await screen.findByRole('heading', { level: 2, name: 'Provider plan' });
    expect(document.querySelector('.test-mode-banner')?.textContent).toContain('TEST MODE');
  });

  it('asks before cancelling, naming the date access ends, and Escape keeps the subscription', async () => {
    const { fetchMock } = renderManage([loaded(details({}))]);
    const cancel = await screen.findByRole('button', { name: 'Cancel Subscription' });
    await userEvent.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain('end of the current billing period, on February 11, 2027');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(cancel);
    expect(calls(fetchMock)).not.toContain('POST /api/users/subscription/cancel');
  });

  it("cancels once confirmed, then shows the server's message once, as information, with Canceling", async () => {
    const message = 'Your subscription will end on February 11, 2027. You keep access until then.';
    renderManage([
      loaded(details({})),
      post('cancel', { ...details({ cancel_at_period_end: true }), message }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel subscription' }));
    const answer = await screen.findByText(message);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(badge()).toBe('Canceling');
    // The answer takes the place of the card's own cancel notice: the date is said once, not green.
    expect(notices()).toEqual([message]);
    expect(answer.className).toContain('form-alert--info');
    expect(screen.queryByText('Next billing date')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reactivate Subscription' })).toBeTruthy();
    expect(answer.closest('[tabindex="-1"]')).toBe(document.activeElement);
  });

  it('says once, in the card, when a waiting cancellation takes effect', async () => {
    renderManage([loaded(details({ cancel_at_period_end: true }))]);
    await screen.findByRole('button', { name: 'Reactivate Subscription' });
    expect(notices()).toEqual([CANCELING]);
    expect(document.querySelector('.subscription-card .form-alert--info .nowrap')?.textContent).toBe(
      'February 11, 2027',
    );
  });

  it("reactivates a canceling subscription and shows the server's message", async () => {
    const { fetchMock } = renderManage([
      loaded(details({ cancel_at_period_end: true })),
      post('reactivate', { ...details({}), message: 'Your subscription is active again.' }),
    ]);
    await screen.findByRole('button', { name: 'Reactivate Subscription' });
    expect(notices()).toEqual([CANCELING]);
    expect(badge()).toBe('Canceling');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    expect((await screen.findByText('Your subscription is active again.')).className).toContain(
      'form-alert--info',
    );
    expect(notices()).toEqual(['Your subscription is active again.']);
    expect(badge()).toBe('Active');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/users/subscription/reactivate')!;
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it.each([
    ['cancel', 'Failed to cancel subscription'],
    ['reactivate', 'Failed to reactivate subscription'],
  ])("says '%s' failed in the spec's words when the server gives no reason", async (action, text) => {
    renderManage([loaded(details({ cancel_at_period_end: action === 'reactivate' })), post(action, {}, 500)]);
    if (action === 'cancel') {
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
      await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel subscription' }));
    } else {
      await userEvent.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    }
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it("says 'Failed to load subscription details' when the subscription cannot be read", async () => {
    renderManage([loaded({}, 500)]);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load subscription details');
  });

  it('offers a subscription through the upgrade when there is none', async () => {
    const { router } = renderManage([loaded(details(null, { status: 'inactive' }))]);
    const section = await screen.findByRole('region', { name: 'No subscription' });
    await userEvent.click(within(section).getByRole('link', { name: 'Subscribe' }));
    expect(currentUrl(router)).toBe('/account-setup');
    expect(router.state.location.state).toEqual({ mode: 'upgrade' });
  });

  it('offers a new subscription, not a cancel, once it has ended', async () => {
    renderManage([loaded(details({ status: 'incomplete_expired' }, { status: 'inactive' }))]);
    await screen.findByRole('heading', { level: 2, name: 'Provider plan' });
    expect(badge()).toBe('Expired');
    expect(screen.getByRole('link', { name: 'Subscribe again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });
});
