import '../../../testing/dom-polyfills';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, deferred, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { navigateAway } from '../../../utils/navigate-away';
import { TestCheckoutPage } from './test-checkout-page';

jest.mock('../../../utils/navigate-away', () => ({ navigateAway: jest.fn() }));
const navigateAwayMock = navigateAway as jest.MockedFunction<typeof navigateAway>;

const ID = 'cs_test_abcdefgh';
const SESSION = {
  id: ID,
  status: 'open',
  plan: 'agent_provider',
  plan_name: 'Provider plan',
  price_usd: 5,
  interval: 'month',
  email: 'ada@example.com',
  payments_mode: 'test',
};
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const session = (body: unknown, status = 200): FakeRoute => ({
  path: `/api/test-checkout/${ID}`,
  status,
  body,
});

beforeEach(() => navigateAwayMock.mockClear());

function renderCheckout(routes: FakeRoute[]) {
  const fetchMock = mockFetch([CSRF, ...routes]);
  renderWithRouter(<TestCheckoutPage sessionId={ID} />, { url: `/checkout/test/${ID}` });
  return fetchMock;
}

describe('TestCheckoutPage', () => {
  it('says TEST MODE and shows the plan, the price per month and the e-mail billed, asking for no card', async () => {
    renderCheckout([session(SESSION)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Provider plan' })).toBeTruthy();
    const banner = document.querySelector('.test-mode-banner');
    expect(banner?.textContent).toBe('TEST MODE — no card is needed and nothing is charged');
    expect(screen.getByText('$5.00 / month')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(document.querySelectorAll('input')).toHaveLength(0);
    expect(document.title).toBe('Test checkout | Rolecall');
  });

  it("shows the checkout card's shape while the session loads, not a bare loading line", async () => {
    const pending = deferred();
    renderCheckout([{ ...session(SESSION), wait: pending.promise }]);
    expect(screen.getByRole('region', { name: 'Checkout' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Billed to')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading checkout...');
    await act(async () => pending.resolve());
    expect(await screen.findByRole('heading', { level: 2, name: 'Provider plan' })).toBeTruthy();
  });

  it('pays with the CSRF token and follows the redirect to the success page', async () => {
    const pending = deferred();
    const fetchMock = renderCheckout([
      session(SESSION),
      {
        method: 'POST',
        path: `/api/test-checkout/${ID}/pay`,
        body: { success: true, redirect_url: `/subscription/success?session_id=${ID}` },
        wait: pending.promise,
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect((screen.getByRole('button', { name: 'Paying...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => pending.resolve());
    expect(navigateAwayMock).toHaveBeenCalledWith(`/subscription/success?session_id=${ID}`);
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/pay'))!;
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('cancels and follows the redirect to the cancel page', async () => {
    const fetchMock = renderCheckout([
      session(SESSION),
      {
        method: 'POST',
        path: `/api/test-checkout/${ID}/cancel`,
        body: { success: true, redirect_url: '/subscription/cancel' },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(navigateAwayMock).toHaveBeenCalledWith('/subscription/cancel');
    expect(calls(fetchMock)).not.toContain(`POST /api/test-checkout/${ID}/pay`);
  });

  it("shows the server's text when paying fails and lets the person try again", async () => {
    renderCheckout([
      session(SESSION),
      {
        method: 'POST',
        path: `/api/test-checkout/${ID}/pay`,
        status: 409,
        body: { error: 'This checkout is already paid' },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This checkout is already paid');
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
    expect(navigateAwayMock).not.toHaveBeenCalled();
  });

  it('says so, with a way home, when the session is already paid', async () => {
    renderCheckout([session({ ...SESSION, status: 'complete' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('This checkout is already paid.');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('says so when the session has expired', async () => {
    renderCheckout([session({ ...SESSION, status: 'expired' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('This checkout has expired.');
  });

  it('explains an unknown session', async () => {
    renderCheckout([session({ error: 'Not found' }, 404)]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This checkout session does not exist or has expired.',
    );
  });
});
