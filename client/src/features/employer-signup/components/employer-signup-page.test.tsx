import '../../../testing/dom-polyfills';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { navigateAway } from '../../../utils/navigate-away';
import { EmployerSignupPage } from './employer-signup-page';

// jsdom cannot leave the page; the checkout redirect is observed instead.
jest.mock('../../../utils/navigate-away', () => ({ navigateAway: jest.fn() }));
const navigateAwayMock = navigateAway as jest.MockedFunction<typeof navigateAway>;

const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const USER = {
  id: 'u9',
  email: 'grace@example.com',
  full_name: 'Grace Hopper',
  organization: 'Navy',
  user_type: 'employer',
  subscription_status: 'inactive',
};
const CREATED: FakeRoute = {
  method: 'POST',
  path: '/api/users',
  status: 201,
  body: { success: true, user_id: 'u9', user: USER, user_type: 'employer', csrf_token: 'tok-2' },
};
const CHECKOUT: FakeRoute = {
  method: 'POST',
  path: '/api/users/u9/subscription',
  body: { success: true, url: '/checkout/test/cs_1', payments_mode: 'test' },
};

beforeEach(() => navigateAwayMock.mockClear());

function renderSignup(routes: FakeRoute[]) {
  const fetchMock = mockFetch([SIGNED_OUT, CSRF, ...routes]);
  const view = renderWithRouter(
    <AuthProvider>
      <EmployerSignupPage />
    </AuthProvider>,
    { url: '/employer-signup' },
  );
  return { ...view, fetchMock };
}

async function fillForm(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'E-mail': 'grace@example.com',
    Password: 'a long passphrase',
    'Confirm password': 'a long passphrase',
    'Full name': 'Grace Hopper',
    Organization: 'Navy',
    ...overrides,
  };
  // A click and a paste per field: typing the ~80 characters key by key, each a render of the
  // whole page, was most of these tests' time; none of them is about typing.
  for (const [label, value] of Object.entries(values)) {
    if (!value) continue;
    await userEvent.click(screen.getByLabelText(label));
    await userEvent.paste(value);
  }
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account & Subscribe' }));

describe('EmployerSignupPage', () => {
  it('creates an employer account, opens its checkout and goes to it in the app', async () => {
    const { fetchMock, router } = renderSignup([CREATED, CHECKOUT]);
    await fillForm();
    await userEvent.type(screen.getByLabelText(/Phone/), '+1 555 0100');
    await submit();
    await act(() => new Promise((done) => setTimeout(done, 0)));
    // The test checkout is a page of the app: the router opens it (no full load, no bare "Loading...").
    expect(currentUrl(router)).toBe('/checkout/test/cs_1');
    expect(navigateAwayMock).not.toHaveBeenCalled();
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/users',
      'POST /api/users/u9/subscription',
    ]);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/users')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'grace@example.com',
      password: 'a long passphrase',
      full_name: 'Grace Hopper',
      organization: 'Navy',
      phone: '+1 555 0100',
      user_type: 'employer',
    });
  });

  it("shows the spec's messages and calls nothing while the form is wrong", async () => {
    const { fetchMock } = renderSignup([]);
    await fillForm({
      'E-mail': 'grace-at-example',
      'Confirm password': 'another passphrase',
      'Full name': '',
      Organization: '',
    });
    await submit();
    expect(screen.getByText('Email is invalid')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Organization is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(screen.getByLabelText('E-mail').getAttribute('aria-describedby')).toBe('employer-email-error');
    expect(calls(fetchMock)).not.toContain('POST /api/users');
  });

  it('shows the employer plan: $40/month, its benefits, cancel anytime and no setup fees', async () => {
    renderSignup([]);
    await act(() => new Promise((done) => setTimeout(done, 0)));
    const box = screen.getByRole('complementary', { name: 'Employer plan' });
    expect(box.textContent).toContain('$40 per month');
    expect(box.textContent).toContain('Side-by-side comparison of agents');
    expect(box.textContent).toContain('Cancel anytime, no setup fees');
  });

  it("offers sign-in with the server's text when the e-mail already has an account", async () => {
    const { router } = renderSignup([
      {
        method: 'POST',
        path: '/api/users',
        status: 409,
        body: { success: false, error: 'An account with this email already exists. Please sign in.' },
      },
    ]);
    await fillForm();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An account with this email already exists. Please sign in.');
    await userEvent.click(within(alert).getByRole('link', { name: 'Sign in' }));
    expect(currentUrl(router)).toBe('/signin');
    expect(router.state.location.state).toEqual({ email: 'grace@example.com' });
    expect(navigateAwayMock).not.toHaveBeenCalled();
  });

  it("says 'Failed to create account' when the server gives no reason", async () => {
    renderSignup([{ method: 'POST', path: '/api/users', status: 500, body: {} }]);
    await fillForm();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create account');
  });

  it("says 'Failed to create account. Please try again.' when the server cannot be reached", async () => {
    renderSignup([{ method: 'POST', path: '/api/users', networkError: true }]);
    await fillForm();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create account. Please try again.',
    );
  });

  it("leaves for Stripe's checkout, another site, with a full page load", async () => {
    const stripe = 'https://checkout.stripe.com/c/pay/cs_live_1';
    renderSignup([CREATED, { ...CHECKOUT, body: { success: true, url: stripe, payments_mode: 'stripe' } }]);
    await fillForm();
    await submit();
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(navigateAwayMock).toHaveBeenCalledWith(stripe);
  });

  it("says 'Failed to create subscription' and retries only the checkout, the account being made", async () => {
    const { fetchMock, router } = renderSignup([
      CREATED,
      { method: 'POST', path: '/api/users/u9/subscription', status: 502, body: null },
    ]);
    await fillForm();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create subscription');
    expect(screen.getByText('Your account is created and you are signed in.')).toBeTruthy();
    mockFetch([CSRF, CHECKOUT]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(currentUrl(router)).toBe('/checkout/test/cs_1');
    expect(calls(fetchMock).filter((call) => call === 'POST /api/users')).toHaveLength(1);
  });
});
