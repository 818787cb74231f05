import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import type { Team } from '../api/team';
import { EmployerDashboardPage } from './employer-dashboard-page';

// The Team section of the employer dashboard (issue 28): the subscriber names the team, invites a
// colleague, sees the invitations and members and removes one; a member sees the team and the plan
// they ride on.

const GRACE = {
  id: 'u1',
  email: 'grace@acme.example',
  full_name: 'Grace Hopper',
  organization: 'Acme Hiring',
  user_type: 'employer',
  subscription_status: 'active',
};
const ALAN = {
  ...GRACE,
  id: 'u2',
  email: 'alan@acme.example',
  full_name: 'Alan Turing',
  subscription_status: 'inactive',
};
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const OWNER = {
  id: 'u1',
  full_name: 'Grace Hopper',
  email: 'grace@acme.example',
  role: 'owner',
  joined_at: '2026-11-20T10:00:00.000Z',
} as const;
const MEMBER = {
  id: 'u2',
  full_name: 'Alan Turing',
  email: 'alan@acme.example',
  role: 'member',
  joined_at: '2026-11-21T10:00:00.000Z',
} as const;
const team = (overrides: Partial<Team>): Team => ({
  organization: { id: 'o1', name: 'Acme Hiring' },
  role: 'owner',
  seats: 5,
  plan_active: true,
  members: [OWNER, MEMBER],
  invitations: [],
  ...overrides,
});

function renderDashboard(
  routes: FakeRoute[],
  me: object = { success: true, user: GRACE, user_type: 'employer' },
) {
  const fetchMock = mockFetch([
    CSRF,
    { path: '/api/auth/me', body: me },
    ...routes,
    { path: '/api/shortlists', body: { success: true, shortlists: [] } },
    { path: '/api/employer/requests?limit=20&offset=0', body: { success: true, requests: [], total: 0 } },
    { path: '/api/employer/api-keys', body: { success: true, api_keys: [], max: 10 } },
  ]);
  renderWithRouter(
    <AuthProvider>
      <EmployerDashboardPage />
    </AuthProvider>,
    { url: '/employer-dashboard', path: '/employer-dashboard' },
  );
  return fetchMock;
}
const panel = () => screen.getByRole('region', { name: /^Team/ });

describe('Employer dashboard: the team', () => {
  it('says the seats the plan includes, and asks the subscriber to name the organization first', async () => {
    renderDashboard([
      {
        path: '/api/employer/team',
        body: { success: true, ...team({ organization: null, role: null, members: [] }) },
      },
    ]);
    expect(
      await within(await screen.findByRole('region', { name: /^Team/ })).findByLabelText('Organization name'),
    ).toBeTruthy();
    expect(within(panel()).getByText(/includes 5 seats: you and 4 colleagues/)).toBeTruthy();
    expect(within(panel()).queryByLabelText('Invite a colleague by e-mail')).toBeNull();
  });

  // The field was empty although the subscriber had given "Acme Hiring" at sign-up, which shows
  // in the Organization profile just above it: it read as if the name had been lost.
  it('starts the unnamed team’s name with the organization of the subscriber’s profile, and saves it', async () => {
    const fetchMock = renderDashboard([
      {
        path: '/api/employer/team',
        body: { success: true, ...team({ organization: null, role: null, members: [] }) },
      },
      { method: 'PUT', path: '/api/employer/team', body: { success: true, ...team({}) } },
    ]);
    const field = await within(await screen.findByRole('region', { name: /^Team/ })).findByLabelText(
      'Organization name',
    );
    expect((field as HTMLInputElement).value).toBe('Acme Hiring');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Save name' }));
    await within(panel()).findByText('Your organization is now called Acme Hiring.');
    const saved = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/employer/team' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(saved?.[1]?.body))).toEqual({ name: 'Acme Hiring' });
  });

  it('invites a colleague with the CSRF token and lists the invitation waiting', async () => {
    const invitation = {
      id: 'i1',
      email: 'ann@acme.example',
      invited_by: 'Grace Hopper',
      created_at: '2026-11-27T10:00:00.000Z',
      expires_at: '2026-12-04T10:00:00.000Z',
    };
    const fetchMock = renderDashboard([
      { path: '/api/employer/team', body: { success: true, ...team({}) } },
      {
        method: 'POST',
        path: '/api/employer/team/invitations',
        status: 201,
        body: { success: true, invitation },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Team (2 of 5 seats)' })).toBeTruthy();
    await userEvent.type(within(panel()).getByLabelText('Invite a colleague by e-mail'), 'ann@acme.example');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Send invitation' }));
    expect(await within(panel()).findByText('Invitation sent to ann@acme.example.')).toBeTruthy();
    const waiting = within(panel()).getByRole('list', { name: 'Invitations waiting' });
    expect(within(waiting).getByText('ann@acme.example', { selector: '.team-person__name' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Team (3 of 5 seats)' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/employer/team/invitations' && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ email: 'ann@acme.example' });
    expect((call[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('removes a member after asking', async () => {
    const fetchMock = renderDashboard([
      { path: '/api/employer/team', body: { success: true, ...team({}) } },
      { method: 'DELETE', path: '/api/employer/team/members/u2', body: { success: true } },
    ]);
    const members = await within(await screen.findByRole('region', { name: /^Team/ })).findByRole('list', {
      name: 'Members',
    });
    expect(within(members).getByText('Grace Hopper')).toBeTruthy();
    await userEvent.click(within(members).getByRole('button', { name: 'Remove Alan Turing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Alan Turing from the team?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(panel()).findByText('Alan Turing was removed from the team.')).toBeTruthy();
    expect(within(members).queryByText('Alan Turing')).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/employer/team/members/u2' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('shows a member the team and the plan they ride on, with no invite form and no subscribe button', async () => {
    renderDashboard([{ path: '/api/employer/team', body: { success: true, ...team({ role: 'member' }) } }], {
      success: true,
      user: ALAN,
      user_type: 'employer',
      team: { organization: 'Acme Hiring', role: 'member', plan_active: true },
    });
    expect(
      await within(await screen.findByRole('region', { name: /^Team/ })).findByText(/You are a member of/),
    ).toBeTruthy();
    expect(within(panel()).queryByLabelText('Invite a colleague by e-mail')).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Leave the team Alan Turing' })).toBeTruthy();
    expect(screen.getByText(/as a team member: no subscription of your own/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Subscribe for/ })).toBeNull();
  });
});
