import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { EmployerDashboardPage } from './employer-dashboard-page';

const EMPLOYER = {
  id: 'u9',
  email: 'grace@example.com',
  full_name: 'Grace Hopper',
  organization: 'Navy Labs',
  phone: '+1 555 0100',
  user_type: 'employer',
  subscription_status: 'active',
  email_verified: true,
};
const me = (user: object): FakeRoute => ({
  path: '/api/auth/me',
  body: { success: true, user, user_type: (user as { user_type: string }).user_type },
});
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };

function renderDashboard(routes: FakeRoute[]) {
  const fetchMock = mockFetch([
    CSRF,
    ...routes,
    { path: '/api/employer/api-keys', body: { success: true, api_keys: [], max: 10 } },
    { path: '/api/employer/saved-searches', body: { success: true, saved_searches: [], max: 25 } },
  ]);
  const view = renderWithRouter(
    <AuthProvider>
      <EmployerDashboardPage />
    </AuthProvider>,
    { url: '/employer-dashboard', path: '/employer-dashboard' },
  );
  return { ...view, fetchMock };
}

const profile = () => screen.getByRole('region', { name: 'Organization profile' });
const fact = (term: string) => within(profile()).getByText(term).nextElementSibling?.textContent;

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit organization profile' }));
  return screen.getByRole('form', { name: 'Edit organization profile' });
}

async function replace(form: HTMLElement, label: string, value: string) {
  const input = within(form).getByLabelText(new RegExp(`^${label}`));
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('EmployerDashboardPage', () => {
  it('sends a signed-out visitor to /signin', async () => {
    const { router } = renderDashboard([{ path: '/api/auth/me', body: { success: false, user: null } }]);
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/signin');
  });

  it('sends a provider to the provider dashboard', async () => {
    const { router } = renderDashboard([me({ ...EMPLOYER, user_type: 'agent_provider' })]);
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/dashboard');
  });

  it('welcomes the employer by name, offers Search AI Agents and shows the organization profile', async () => {
    renderDashboard([me(EMPLOYER)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search AI Agents' }).getAttribute('href')).toBe('/');
    expect(fact('Organization')).toBe('Navy Labs');
    expect(fact('E-mail')).toBe('grace@example.com');
    expect(fact('Phone')).toBe('+1 555 0100');
    expect(screen.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe(
      '/subscription/manage',
    );
  });

  it('saves the profile with PUT /api/users/profile and shows what the server stored', async () => {
    const stored = { ...EMPLOYER, organization: 'Naval Research Lab', phone: '+1 555 0199' };
    const { fetchMock } = renderDashboard([
      me(EMPLOYER),
      {
        method: 'PUT',
        path: '/api/users/profile',
        body: { success: true, user: stored, message: 'Your profile has been saved.' },
      },
    ]);
    const form = await openEditor();
    expect(document.activeElement).toBe(within(form).getByLabelText('Organization'));
    await replace(form, 'Organization', 'Naval Research Lab');
    await replace(form, 'Phone', '+1 555 0199');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(profile()).findByText('Your profile has been saved.')).toBeTruthy();
    expect(fact('Organization')).toBe('Naval Research Lab');
    expect(fact('Phone')).toBe('+1 555 0199');
    // Focus moves in an effect after the save's answer renders.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit organization profile' })),
    );
    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/users/profile' && init?.method === 'PUT',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      full_name: 'Grace Hopper',
      organization: 'Naval Research Lab',
      email: 'grace@example.com',
      phone: '+1 555 0199',
    });
    expect((call[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('says a confirmation link went to a new e-mail address, which changes only once it is opened', async () => {
    const message =
      'Your profile has been saved. We sent a link to grace@navy.example: your e-mail address changes when you open it.';
    renderDashboard([
      me(EMPLOYER),
      { method: 'PUT', path: '/api/users/profile', body: { success: true, user: EMPLOYER, message } },
    ]);
    const form = await openEditor();
    await replace(form, 'E-mail', 'grace@navy.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(profile()).findByText(message)).toBeTruthy();
    expect(fact('E-mail')).toBe('grace@example.com');
  });

  it("checks the fields with the account rules before saving ('Organization is required', 'Email is invalid')", async () => {
    const { fetchMock } = renderDashboard([me(EMPLOYER)]);
    const form = await openEditor();
    await replace(form, 'Organization', '');
    await replace(form, 'E-mail', 'grace-at-navy');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Organization is required')).toBeTruthy();
    expect(within(form).getByText('Email is invalid')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Organization'));
    expect(calls(fetchMock)).not.toContain('PUT /api/users/profile');
  });

  it("shows the server's field errors beside their fields", async () => {
    renderDashboard([
      me(EMPLOYER),
      {
        method: 'PUT',
        path: '/api/users/profile',
        status: 400,
        body: {
          success: false,
          error: 'Phone number is invalid',
          errors: { phone: 'Phone number is invalid' },
        },
      },
    ]);
    const form = await openEditor();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const phone = await within(form).findByLabelText(/^Phone/);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(phone.getAttribute('aria-describedby')).toBe('organization-phone-error');
    expect(document.getElementById('organization-phone-error')?.textContent).toBe('Phone number is invalid');
  });

  it('restores the saved values on Cancel', async () => {
    const { fetchMock } = renderDashboard([me(EMPLOYER)]);
    let form = await openEditor();
    await replace(form, 'Organization', 'Something else');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(fact('Organization')).toBe('Navy Labs');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit organization profile' }));
    form = await openEditor();
    expect((within(form).getByLabelText('Organization') as HTMLInputElement).value).toBe('Navy Labs');
    expect(calls(fetchMock)).not.toContain('PUT /api/users/profile');
  });

  it('invites an employer without a subscription to subscribe for $40/month (upgrade mode)', async () => {
    const { router } = renderDashboard([me({ ...EMPLOYER, subscription_status: 'inactive' })]);
    await userEvent.click(await screen.findByRole('link', { name: 'Subscribe for $40/month' }));
    expect(currentUrl(router)).toBe('/account-setup');
    expect(router.state.location.state).toEqual({ mode: 'upgrade' });
  });

  it('says what the plan brings in "Your requests" to an employer without it, asking nothing and showing no error', async () => {
    const { fetchMock } = renderDashboard([me({ ...EMPLOYER, subscription_status: 'inactive' })]);
    const requests = await screen.findByRole('region', { name: 'Your requests' });
    expect(within(requests).getByText(/yours appear here once you subscribe/)).toBeTruthy();
    expect(requests.querySelector('.notice--error')).toBeNull();
    expect(calls(fetchMock).some((call) => call.includes('/api/employer/requests'))).toBe(false);
  });

  it('lets the employer answer the provider under a replied request, and shows the answer as theirs', async () => {
    const request = {
      id: 'r1',
      agent_id: 'a1',
      agent_name: 'LedgerLark',
      kind: 'demo',
      message: 'Could we see it reconcile invoices?',
      preferred_times: null,
      status: 'replied',
      sent_by: 'Grace Hopper',
      sent_to: 'provider',
      outcome: null,
      outcome_at: null,
      replies: [{ at: '2026-11-27T10:00:00.000Z', by: 'provider', body: 'Tuesday 10:00?' }],
      created_at: '2026-11-27T09:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
    };
    const answered = {
      ...request,
      status: 'new',
      replies: [
        ...request.replies,
        { at: '2026-11-27T11:00:00.000Z', by: 'employer', body: 'Tuesday works.' },
      ],
    };
    const { fetchMock } = renderDashboard([
      me(EMPLOYER),
      { path: /^\/api\/employer\/requests\?/, body: { success: true, requests: [request], total: 1 } },
      { method: 'POST', path: '/api/employer/requests/r1/reply', body: { success: true, request: answered } },
    ]);
    const sent = await screen.findByRole('article', { name: 'Demo request about LedgerLark' });
    await userEvent.click(within(sent).getByRole('button', { name: 'Answer the provider' }));
    const form = within(sent).getByRole('form', { name: 'Answer the provider about LedgerLark' });
    await userEvent.type(within(form).getByLabelText(/^Your reply/), 'Tuesday works.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(sent).findByText('Sent. The provider gets it by e-mail.')).toBeTruthy();
    expect(within(sent).getByText('Tuesday works.')).toBeTruthy();
    const authors = [...sent.querySelectorAll('.reply-list__meta')].map((meta) => meta.textContent);
    expect(authors).toEqual([
      expect.stringMatching(/^The provider replied on /),
      expect.stringMatching(/^You wrote on /),
    ]);
    expect(calls(fetchMock)).toContain('POST /api/employer/requests/r1/reply');
  });

  it('asks an employer with an unconfirmed address to confirm it, and sends the link again on request', async () => {
    const { fetchMock } = renderDashboard([
      me({ ...EMPLOYER, email_verified: false }),
      {
        method: 'POST',
        path: '/api/auth/resend-verification',
        body: { success: true, message: 'We sent a new link to grace@example.com.' },
      },
    ]);
    const banner = await screen.findByRole('region', { name: 'E-mail confirmation' });
    expect(banner.textContent).toContain('We sent a link to grace@example.com');
    expect(banner.textContent).toContain('need a confirmed address');
    await userEvent.click(within(banner).getByRole('button', { name: 'Resend link' }));
    expect(await within(banner).findByText('We sent a new link to grace@example.com.')).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/auth/resend-verification');
  });

  it('shows no confirmation banner once the address is confirmed', async () => {
    renderDashboard([me(EMPLOYER)]);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace Hopper' });
    expect(screen.queryByRole('region', { name: 'E-mail confirmation' })).toBeNull();
  });

  it('logs out and goes home', async () => {
    const { router, fetchMock } = renderDashboard([
      me(EMPLOYER),
      { method: 'POST', path: '/api/auth/logout', body: { success: true } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/');
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/auth/logout'));
  });
});
