import '../../../testing/dom-polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { makeAgent } from '../../../testing/agents';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { ProviderDashboardPage } from './provider-dashboard-page';

const PROVIDER = {
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  organization: 'Analytical Engines',
  phone: null,
  user_type: 'agent_provider',
  subscription_status: 'active',
  email_verified: true,
  slug: 'analytical-engines',
  website: 'https://analytical.example',
};
const me = (user: object): FakeRoute => ({
  path: '/api/auth/me',
  body: { success: true, user, user_type: (user as { user_type: string }).user_type },
});
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const LEDGER = {
  ...makeAgent({
    id: 'a1',
    name: 'LedgerLark',
    provider: 'Analytical Engines',
    category: 'Finance',
    role: 'Bookkeeper',
    description: 'Books &amp; ledgers, reconciled daily.',
    cost: '$29/month',
    address: 'https://ledgerlark.example',
    pricing: 'paid',
  }),
  email: 'ada@example.com',
  status: null,
};
const AGENTS: FakeRoute = {
  path: '/api/users/agents',
  body: { success: true, agents: [LEDGER], unverified_agents: 0 },
};
const ROLES: FakeRoute = { path: '/api/roles?category=Finance', body: ['Accountant', 'Bookkeeper'] };

function renderDashboard(routes: FakeRoute[]) {
  const fetchMock = mockFetch([CSRF, ...routes]);
  const view = renderWithRouter(
    <AuthProvider>
      <ProviderDashboardPage />
    </AuthProvider>,
    { url: '/dashboard', path: '/dashboard' },
  );
  return { ...view, fetchMock };
}

const card = () => screen.getByRole('article', { name: 'LedgerLark' });
const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  JSON.parse(
    String(fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method)![1]!.body),
  );

describe('ProviderDashboardPage: access', () => {
  it('sends a signed-out visitor to /signin, remembering the dashboard', async () => {
    const { router } = renderDashboard([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('sends an employer to the employer dashboard', async () => {
    const { router } = renderDashboard([me({ ...PROVIDER, user_type: 'employer' })]);
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/employer-dashboard');
  });
});

describe('ProviderDashboardPage: agents', () => {
  it('shows each own agent as a card with its fields decoded and a link to use it', async () => {
    renderDashboard([me(PROVIDER), AGENTS]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    expect(within(card()).getByText('Books & ledgers, reconciled daily.')).toBeTruthy();
    expect(within(card()).getByText('Finance')).toBeTruthy();
    expect(within(card()).getByText('Bookkeeper')).toBeTruthy();
    expect(within(card()).getByText('$29/month')).toBeTruthy();
    expect(
      within(card())
        .getByRole('link', { name: /Use agent/ })
        .getAttribute('href'),
    ).toBe('https://ledgerlark.example');
    expect(screen.getByRole('heading', { level: 2, name: 'Your agents (1)' })).toBeTruthy();
  });

  it("says 'Failed to load your agents' and loads again on request", async () => {
    renderDashboard([me(PROVIDER), { path: '/api/users/agents', status: 500, body: {} }]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load your agents');
    mockFetch([CSRF, me(PROVIDER), AGENTS]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'LedgerLark' })).toBeTruthy();
  });

  it("edits inline with a custom role through 'Other (Custom)', then shows the saved agent", async () => {
    const saved = { ...LEDGER, role: 'Payroll Clerk', cost: '$39/month' };
    const { fetchMock } = renderDashboard([
      me(PROVIDER),
      AGENTS,
      ROLES,
      { method: 'PUT', path: '/api/users/agents/a1', body: { success: true, agent: saved } },
    ]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit LedgerLark' }));
    const form = screen.getByRole('form', { name: 'Edit LedgerLark' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    expect((within(form).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Books & ledgers, reconciled daily.',
    );
    await within(form).findByRole('option', { name: 'Accountant' });
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Other (Custom)');
    await userEvent.type(within(form).getByLabelText('Custom role'), 'Payroll Clerk');
    const cost = within(form).getByLabelText('Cost');
    await userEvent.clear(cost);
    await userEvent.type(cost, '$39/month');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(card()).findByText('Payroll Clerk')).toBeTruthy();
    expect(within(card()).getByText('$39/month')).toBeTruthy();
    expect(within(card()).getByRole('status').textContent).toBe('Changes saved');
    // Focus moves in an effect after the save's answer renders.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card()).getByRole('button', { name: 'Edit LedgerLark' })),
    );
    expect(bodyOf(fetchMock, 'PUT', '/api/users/agents/a1')).toEqual({
      name: 'LedgerLark',
      provider: 'Analytical Engines',
      category: 'Finance',
      role: 'Payroll Clerk',
      description: 'Books & ledgers, reconciled daily.',
      cost: '$39/month',
      address: 'https://ledgerlark.example',
    });
  });

  it('requires all seven fields before saving', async () => {
    const { fetchMock } = renderDashboard([me(PROVIDER), AGENTS, ROLES]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit LedgerLark' }));
    const form = screen.getByRole('form', { name: 'Edit LedgerLark' });
    await userEvent.clear(within(form).getByLabelText('Provider'));
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Other (Custom)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Provider is required')).toBeTruthy();
    expect(within(form).getByText('Role is required')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Provider'));
    expect(calls(fetchMock)).not.toContain('PUT /api/users/agents/a1');
  });

  it('asks about a category that looks like a slip for a listed one, as it is typed and on save', async () => {
    const { fetchMock } = renderDashboard([me(PROVIDER), AGENTS, ROLES]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit LedgerLark' }));
    const form = screen.getByRole('form', { name: 'Edit LedgerLark' });
    const category = within(form).getByLabelText('Category');
    await userEvent.clear(category);
    await userEvent.type(category, 'Finanse');
    const didYouMean = 'Did you mean Finance? Choose it, or name another category.';
    const hint = () =>
      document.getElementById(category.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint()?.textContent).toBe(didYouMean);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(didYouMean)).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('PUT /api/users/agents/a1');
    // The listed spelling is one click away, and choosing it answers the question.
    await userEvent.click(within(form).getByRole('button', { name: 'Finance' }));
    expect((category as HTMLInputElement).value).toBe('Finance');
    expect(within(form).queryByText(didYouMean)).toBeNull();
  });

  it("shows the server's message and a way to subscribe when editing needs a subscription (409)", async () => {
    const message = 'Editing your listings needs an active subscription ($5/month).';
    const { router } = renderDashboard([
      me({ ...PROVIDER, subscription_status: 'inactive' }),
      AGENTS,
      ROLES,
      {
        method: 'PUT',
        path: '/api/users/agents/a1',
        status: 409,
        body: { error: message, message, requires_subscription: true },
      },
    ]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit LedgerLark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await userEvent.click(within(alert).getByRole('link', { name: 'Subscribe for $5/month' }));
    expect(currentUrl(router)).toBe('/account-setup');
    expect(router.state.location.state).toEqual({ mode: 'upgrade' });
  });

  it("says 'Failed to update agent' when the save fails without a reason", async () => {
    renderDashboard([
      me(PROVIDER),
      AGENTS,
      ROLES,
      { method: 'PUT', path: '/api/users/agents/a1', status: 500 },
    ]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit LedgerLark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update agent');
  });

  it('asks for confirmation that a delete cannot be undone; Cancel keeps the agent', async () => {
    const { fetchMock } = renderDashboard([me(PROVIDER), AGENTS]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Delete LedgerLark' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete LedgerLark?' });
    expect(dialog.textContent).toContain('This cannot be undone');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The site's one confirmation: the safe choice first, the destructive one second.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Delete agent']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(within(card()).getByRole('button', { name: 'Delete LedgerLark' }));
    expect(calls(fetchMock)).not.toContain('DELETE /api/users/agents/a1');
  });

  it('deletes the agent once confirmed and says so', async () => {
    const { fetchMock } = renderDashboard([
      me(PROVIDER),
      AGENTS,
      { method: 'DELETE', path: '/api/users/agents/a1', body: { success: true, message: 'Agent deleted' } },
    ]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Delete LedgerLark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete agent' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'LedgerLark' })).toBeNull());
    expect(screen.getByText('LedgerLark was deleted.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your agents (0)' }));
    const deleteCall = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/users/agents/a1' && init?.method === 'DELETE',
    );
    expect((deleteCall![1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it("says 'Failed to delete agent' in the dialog when the delete fails", async () => {
    renderDashboard([
      me(PROVIDER),
      AGENTS,
      { method: 'DELETE', path: '/api/users/agents/a1', networkError: true },
    ]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Delete LedgerLark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete agent' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to delete agent');
    expect(screen.getByRole('article', { name: 'LedgerLark' })).toBeTruthy();
  });
});

describe('ProviderDashboardPage: account', () => {
  it('offers Manage Subscription, and Logout that ends the session and goes home', async () => {
    const { router, fetchMock } = renderDashboard([
      me(PROVIDER),
      AGENTS,
      { method: 'POST', path: '/api/auth/logout', body: { success: true } },
    ]);
    await screen.findByRole('article', { name: 'LedgerLark' });
    expect(screen.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe(
      '/subscription/manage',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/');
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/auth/logout'));
  });

  it('invites a provider without a subscription to subscribe for $5/month (upgrade mode)', async () => {
    const { router } = renderDashboard([me({ ...PROVIDER, subscription_status: 'inactive' }), AGENTS]);
    const link = await screen.findByRole('link', {
      name: 'Subscribe for $5/month to edit your listings and add more agents',
    });
    await userEvent.click(link);
    expect(currentUrl(router)).toBe('/account-setup');
    expect(router.state.location.state).toEqual({ mode: 'upgrade' });
  });

  it('says how many agents wait for the e-mail confirmation and sends the link again', async () => {
    const { fetchMock } = renderDashboard([
      me({ ...PROVIDER, email_verified: false }),
      { path: '/api/users/agents', body: { success: true, agents: [], unverified_agents: 3 } },
      {
        method: 'POST',
        path: '/api/auth/resend-verification',
        body: { success: true, message: 'We sent a new link to ada@example.com.' },
      },
    ]);
    // The count comes with the agents, read after the banner shows.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'E-mail confirmation' }).textContent).toContain(
        'Confirm your e-mail address. We sent a link to ada@example.com. 3 agents registered under this address wait for it.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a new link to ada@example.com.')).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/auth/resend-verification');
  });

  it('links a subscribed provider to their provider page', async () => {
    renderDashboard([me(PROVIDER), AGENTS]);
    const link = await screen.findByRole('link', { name: 'View your provider page' });
    expect(link.getAttribute('href')).toBe('/providers/analytical-engines');
    // The address itself follows as secondary text, not as the link's words.
    expect(link.parentElement?.querySelector('.provider-page-link__address')?.textContent).toBe(
      `${window.location.origin}/providers/analytical-engines`,
    );
  });

  it('saves the provider details on the server and shows what it stored', async () => {
    const stored = { ...PROVIDER, website: 'https://engines.example', phone: '+44 20 7946 0000' };
    const { fetchMock } = renderDashboard([
      me(PROVIDER),
      AGENTS,
      {
        method: 'PUT',
        path: '/api/users/profile',
        body: { success: true, user: stored, message: 'Your profile has been saved.' },
      },
    ]);
    const website = await screen.findByLabelText(/Website/);
    await userEvent.clear(website);
    await userEvent.type(website, 'engines.example');
    await userEvent.type(screen.getByLabelText(/Phone/), '+44 20 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect((screen.getByLabelText(/Website/) as HTMLInputElement).value).toBe('https://engines.example');
    expect(bodyOf(fetchMock, 'PUT', '/api/users/profile')).toEqual({
      organization: 'Analytical Engines',
      phone: '+44 20 7946 0000',
      website: 'engines.example',
    });
  });

  it('refuses a website that is not an http(s) address', async () => {
    const { fetchMock } = renderDashboard([me(PROVIDER), AGENTS]);
    const website = await screen.findByLabelText(/Website/);
    await userEvent.clear(website);
    await userEvent.type(website, 'not a site');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByText('Website must be a valid http(s) address')).toBeTruthy();
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(calls(fetchMock)).not.toContain('PUT /api/users/profile');
  });
});
