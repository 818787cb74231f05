import '../../../testing/dom-polyfills';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { navigateAway } from '../../../utils/navigate-away';
import { AccountSetupPage } from './account-setup-page';

// jsdom cannot leave the page; the checkout redirect is observed instead.
jest.mock('../../../utils/navigate-away', () => ({ navigateAway: jest.fn() }));
const navigateAwayMock = navigateAway as jest.MockedFunction<typeof navigateAway>;

const SIGNED_OUT: FakeRoute = { path: '/api/auth/me', body: { success: false, user: null } };
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const USER = {
  id: 'u7',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  organization: 'Analytical Engines',
  user_type: 'agent_provider',
  subscription_status: 'inactive',
};
const signedIn = (user: Record<string, unknown> = USER): FakeRoute => ({
  path: '/api/auth/me',
  body: { success: true, user, user_type: user.user_type },
});
const CREATED: FakeRoute = {
  method: 'POST',
  path: '/api/users',
  status: 201,
  body: { success: true, user_id: 'u7', user: USER, user_type: 'agent_provider', csrf_token: 'tok-2' },
};
const CHECKOUT: FakeRoute = {
  method: 'POST',
  path: '/api/users/u7/subscription',
  body: { success: true, url: '/checkout/test/cs_test_abcdefgh', payments_mode: 'test' },
};

beforeEach(() => navigateAwayMock.mockClear());

function renderSetup(
  routes: FakeRoute[],
  { url = '/account-setup', state }: { url?: string; state?: unknown } = {},
) {
  const fetchMock = mockFetch(routes);
  const router = createMemoryRouter(
    [
      { path: '/account-setup', element: <AccountSetupPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    {
      initialEntries: [
        { pathname: url.split('?')[0]!, search: url.includes('?') ? `?${url.split('?')[1]}` : '', state },
      ],
    },
  );
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return { fetchMock, router };
}

async function fillAccount() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Password'), 'a long passphrase');
  await userEvent.type(screen.getByLabelText('Organization'), 'Analytical Engines');
}

/** The known e-mail reads as a labelled value (it wraps on a phone), with no text box to type in. */
function expectGivenEmail(email: string) {
  const label = screen.getByText('E-mail');
  expect(label.tagName).toBe('DT');
  expect(label.nextElementSibling?.textContent).toBe(email);
  expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
  expect(screen.getByText('The e-mail you registered your agent with.')).toBeTruthy();
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account & Subscribe' }));
const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

describe('AccountSetupPage: new provider', () => {
  it('shows the e-mail from the registration as text, not an input, and the $5/month provider plan', async () => {
    renderSetup([SIGNED_OUT, CSRF], { state: { email: 'ada@example.com' } });
    await screen.findByLabelText('Full name');
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Account Setup' })).toBeTruthy();
    expectGivenEmail('ada@example.com');
    const box = screen.getByRole('complementary', { name: 'Provider plan' });
    expect(box.textContent).toContain('$5 per month');
    expect(box.textContent).toContain('A dedicated provider page with a followed link to your site');
    expect(document.title).toBe('Complete Your Account Setup | Rolecall');
  });

  it("says what became of the agent just registered: the registration's message, from the navigation state", async () => {
    const message =
      'Your agent is registered. We sent a message to ada@example.com with the next step: the agent is listed once the link in it is opened, within 7 days.';
    renderSetup([SIGNED_OUT, CSRF], { state: { email: 'ada@example.com', message } });
    // Said once, as the heading, not again as the message's first sentence.
    expect((await screen.findByRole('status')).textContent).toBe(
      'We sent a message to ada@example.com with the next step: the agent is listed once the link in it is opened, within 7 days.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your agent is registered' })).toBeTruthy();
    expect(screen.getAllByText(/Your agent is registered/)).toHaveLength(1);
  });

  it('tells a provider whose agent waits for the e-mailed link the step left, not "nothing more to do"', async () => {
    // The claim link lists the agent only in the provider account of its address (docs/accounts.md):
    // opened signed out, it asks to sign in, so stopping here left the agent unlisted.
    const message =
      'Your agent is registered. We sent a message to ada@example.com with the next step: the agent is listed once the link in it is opened, within 7 days.';
    renderSetup([SIGNED_OUT, CSRF], { state: { email: 'ada@example.com', message } });
    expect(await screen.findByRole('heading', { level: 3, name: 'Free: one more step' })).toBeTruthy();
    expect(screen.getByText(/create your account below with this address/i).textContent).toContain(
      'then open the link in the e-mail we sent',
    );
    expect(screen.queryByText(/nothing more to do|You can stop here/)).toBeNull();
  });

  it('tells a provider whose agent waits for staff review that nothing more is needed', async () => {
    const message =
      'Your agent is registered. Without an e-mail address it is listed once our staff have reviewed it.';
    renderSetup([SIGNED_OUT, CSRF], { state: { message } });
    expect(await screen.findByRole('heading', { level: 3, name: 'Free: nothing more to do' })).toBeTruthy();
  });

  it('shows no empty box when the message says no more than the heading', async () => {
    renderSetup([SIGNED_OUT, CSRF], {
      state: { email: 'ada@example.com', message: 'Your agent is registered.' },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your agent is registered' })).toBeTruthy();
    expect(screen.getAllByText(/Your agent is registered/)).toHaveLength(1);
    const section = screen.getByRole('region', { name: 'Your agent is registered' });
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('fills in the e-mail of ?email= but leaves it editable (a link can carry any address)', async () => {
    renderSetup([SIGNED_OUT, CSRF], { url: '/account-setup?email=ada%40example.com' });
    const email = (await screen.findByLabelText('E-mail')) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(false);
  });

  it('asks for the e-mail when none was passed on, and requires it', async () => {
    const { fetchMock } = renderSetup([SIGNED_OUT, CSRF]);
    const email = (await screen.findByLabelText('E-mail')) as HTMLInputElement;
    expect(email.readOnly).toBe(false);
    await fillAccount();
    await submit();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(calls(fetchMock)).not.toContain('POST /api/users');
  });

  it('refuses a short password with the rule, sending nothing', async () => {
    renderSetup([SIGNED_OUT, CSRF], { state: { email: 'ada@example.com' } });
    await screen.findByLabelText('Password');
    expect(screen.getByText('At least 8 characters. Avoid common passwords.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await submit();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Organization is required')).toBeTruthy();
  });

  it('creates the account, signs it in, opens its subscription and goes to the checkout', async () => {
    const { fetchMock, router } = renderSetup([SIGNED_OUT, CSRF, CREATED, CHECKOUT], {
      state: { email: 'ada@example.com' },
    });
    await screen.findByLabelText('Full name');
    await fillAccount();
    await submit();
    await settle();
    // The test checkout is a page of the app: opened by the router, not a full load.
    expect(router.state.location.pathname).toBe('/checkout/test/cs_test_abcdefgh');
    expect(navigateAwayMock).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === '/api/users' && request?.method)!;
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'ada@example.com',
      password: 'a long passphrase',
      full_name: 'Ada Lovelace',
      organization: 'Analytical Engines',
      phone: '',
      user_type: 'agent_provider',
    });
    expect(calls(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/users',
      'POST /api/users/u7/subscription',
    ]);
  });

  it("says 'Failed to load security token. Please refresh the page.' when no token can be had", async () => {
    renderSetup([SIGNED_OUT, { path: '/api/csrf-token', status: 500, body: {} }]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load security token. Please refresh the page.',
    );
  });
});

describe('AccountSetupPage: failures', () => {
  async function submitWith(route: FakeRoute, more: FakeRoute[] = []) {
    const { router } = renderSetup([SIGNED_OUT, CSRF, route, ...more], {
      state: { email: 'ada@example.com' },
    });
    await screen.findByLabelText('Full name');
    await fillAccount();
    await submit();
    return router;
  }

  it("says 'Invalid response from server' when a success carries no user_id", async () => {
    await submitWith({ method: 'POST', path: '/api/users', status: 201, body: { success: true } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid response from server');
  });

  it("says 'Failed to create account' when the server gives no reason", async () => {
    await submitWith({ method: 'POST', path: '/api/users', status: 500, body: {} });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create account');
  });

  it("says 'Failed to create account. Please try again.' when the server cannot be reached", async () => {
    await submitWith({ method: 'POST', path: '/api/users', networkError: true });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create account. Please try again.',
    );
  });

  it("shows the server's text and offers sign-in when the e-mail has an account", async () => {
    await submitWith({
      method: 'POST',
      path: '/api/users',
      status: 409,
      body: { success: false, error: 'An account with this email already exists. Please sign in.' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An account with this email already exists. Please sign in.');
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it("says 'Failed to create subscription' and then retries only the checkout", async () => {
    const router = await submitWith(CREATED, [
      { method: 'POST', path: '/api/users/u7/subscription', status: 502, body: null },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create subscription');
    expect(screen.getByText('Your account is created and you are signed in.')).toBeTruthy();
    const fetchMock = mockFetch([CSRF, CHECKOUT]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await settle();
    expect(router.state.location.pathname).toBe('/checkout/test/cs_test_abcdefgh');
    expect(calls(fetchMock)).not.toContain('POST /api/users');
  });
});

describe('AccountSetupPage: upgrade', () => {
  it('offers a signed-in provider the plan and one button to the checkout', async () => {
    const { fetchMock, router } = renderSetup([signedIn(), CSRF, CHECKOUT], { state: { mode: 'upgrade' } });
    const checkout = await screen.findByRole('button', { name: 'Continue to checkout' });
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade Your Account' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.click(checkout);
    await settle();
    expect(router.state.location.pathname).toBe('/checkout/test/cs_test_abcdefgh');
    expect(calls(fetchMock)).toContain('POST /api/users/u7/subscription');
  });

  it('shows an employer their own plan', async () => {
    renderSetup([signedIn({ ...USER, user_type: 'employer' }), CSRF], { state: { mode: 'upgrade' } });
    expect(await screen.findByRole('complementary', { name: 'Employer plan' })).toBeTruthy();
    expect(screen.getByRole('complementary').textContent).toContain('$40 per month');
  });

  it('says so when the subscription is already active and links the subscription page', async () => {
    renderSetup([signedIn({ ...USER, subscription_status: 'active' }), CSRF], { state: { mode: 'upgrade' } });
    expect(await screen.findByText(/Your subscription is already active/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage your subscription' }).getAttribute('href')).toBe(
      '/subscription/manage',
    );
    expect(screen.queryByRole('button', { name: 'Continue to checkout' })).toBeNull();
  });

  it('asks a signed-out visitor to sign in first', async () => {
    renderSetup([SIGNED_OUT, CSRF], { state: { mode: 'upgrade' } });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade Your Account' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
