import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Shortlist } from '../../../lib/api/shortlists';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { makeAgent } from '../../../testing/agents';
import { makeContactRequest } from '../../../testing/contact-requests';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { forgetListedAgents } from '../hooks/use-listed-agents';
import { EmployerDashboardPage } from './employer-dashboard-page';

// The list's entries name her: she added them.
const EMPLOYER = makeUser({
  full_name: 'Grace Hopper',
  user_type: 'employer',
  subscription_status: 'active',
});
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const NO_REQUESTS: FakeRoute = {
  path: '/api/employer/requests?limit=20&offset=0',
  body: { success: true, requests: [], total: 0 },
};
const list = (overrides: Partial<Shortlist>): Shortlist => {
  const agentIds = overrides.agent_ids ?? [];
  return {
    id: 's1',
    name: 'Support desk',
    agent_ids: agentIds,
    items: agentIds.map((agent_id) => ({
      agent_id,
      added_by: 'Grace Hopper',
      added_at: '2026-11-20T10:00:00.000Z',
    })),
    created_by: 'Grace Hopper',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
};
const SUPPORT = list({ id: 's1', name: 'Support desk', agent_ids: ['1', '2'] });
const BOOKS = list({ id: 's2', name: 'Bookkeeping', agent_ids: ['3', '4', '5', '6', '7'] });
const LISTS: FakeRoute = { path: '/api/shortlists', body: { success: true, shortlists: [SUPPORT, BOOKS] } };

function renderDashboard(routes: FakeRoute[], user: object = EMPLOYER) {
  const fetchMock = mockFetch([
    CSRF,
    { path: '/api/auth/me', body: { success: true, user } },
    ...routes,
    NO_REQUESTS,
    { path: '/api/employer/api-keys', body: { success: true, api_keys: [], max: 10 } },
    { path: '/api/employer/saved-searches', body: { success: true, saved_searches: [], max: 25 } },
  ]);
  renderWithRouter(
    <AuthProvider>
      <EmployerDashboardPage />
    </AuthProvider>,
    { url: '/employer-dashboard', path: '/employer-dashboard' },
  );
  return fetchMock;
}

const panel = () => screen.getByRole('region', { name: /^Your shortlists/ });
const shortlist = (name: string) => within(panel()).getByRole('article', { name: new RegExp(`^${name}`) });
function sent(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  if (!call) throw new Error(`No ${method} ${path}`);
  return {
    body: call[1]!.body ? JSON.parse(String(call[1]!.body)) : undefined,
    headers: call[1]!.headers as Record<string, string>,
  };
}

beforeEach(() => forgetListedAgents());

describe('Employer dashboard: your shortlists', () => {
  it('lists each shortlist with its size, and opens the first four of a list in the comparison', async () => {
    renderDashboard([LISTS]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' })).toBeTruthy();
    expect(within(shortlist('Support desk')).getByText('(2 agents)')).toBeTruthy();
    expect(
      within(shortlist('Bookkeeping'))
        .getByRole('link', { name: /Open in comparison/ })
        .getAttribute('href'),
    ).toBe('/compare?ids=3,4,5,6');
    expect(within(shortlist('Bookkeeping')).getByText('The comparison shows the first 4.')).toBeTruthy();
  });

  it('creates a list with the CSRF token and moves to it', async () => {
    const created = list({ id: 's3', name: 'Legal' });
    const fetchMock = renderDashboard([
      LISTS,
      { method: 'POST', path: '/api/shortlists', status: 201, body: { success: true, shortlist: created } },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' });
    await userEvent.type(screen.getByLabelText('Name of a new list'), '  Legal ');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await within(panel()).findByText('Legal was created.')).toBeTruthy();
    const items = within(panel()).getAllByRole('article');
    expect(items[0]!.getAttribute('aria-labelledby')).toBe('shortlist-s3');
    await waitFor(() => expect(document.activeElement?.id).toBe('shortlist-s3'));
    expect(screen.getByRole('heading', { level: 2, name: 'Your shortlists (3)' })).toBeTruthy();
    const request = sent(fetchMock, 'POST', '/api/shortlists');
    expect(request.body).toEqual({ name: 'Legal' });
    expect(request.headers['X-CSRF-Token']).toBe('tok-1');
    expect((screen.getByLabelText('Name of a new list') as HTMLInputElement).value).toBe('');
  });

  it('says why the server refused a new list (a name already used)', async () => {
    renderDashboard([
      LISTS,
      {
        method: 'POST',
        path: '/api/shortlists',
        status: 409,
        body: { success: false, error: 'You already have a list named Support desk' },
      },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' });
    await userEvent.type(screen.getByLabelText('Name of a new list'), 'Support desk');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'You already have a list named Support desk',
    );
  });

  it('renames a list in place, then returns focus to Rename', async () => {
    const fetchMock = renderDashboard([
      LISTS,
      {
        method: 'PUT',
        path: '/api/shortlists/s1',
        body: { success: true, shortlist: { ...SUPPORT, name: 'Front desk' } },
      },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' });
    await userEvent.click(
      within(shortlist('Support desk')).getByRole('button', { name: 'Rename Support desk' }),
    );
    const field = screen.getByLabelText('New name') as HTMLInputElement;
    expect(field.value).toBe('Support desk');
    expect(document.activeElement).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'Front desk');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    const renamed = await within(panel()).findByRole('article', { name: /^Front desk/ });

    await waitFor(() =>
      expect(document.activeElement).toBe(within(renamed).getByRole('button', { name: 'Rename Front desk' })),
    );
    const request = sent(fetchMock, 'PUT', '/api/shortlists/s1');
    expect(request.body).toEqual({ name: 'Front desk' });
    expect(request.headers['X-CSRF-Token']).toBe('tok-1');
  });

  it('deletes a list after a confirmation', async () => {
    const fetchMock = renderDashboard([
      LISTS,
      { method: 'DELETE', path: '/api/shortlists/s2', body: { success: true } },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' });
    await userEvent.click(
      within(shortlist('Bookkeeping')).getByRole('button', { name: 'Delete Bookkeeping' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Bookkeeping?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete list' }));
    expect(await within(panel()).findByText('Bookkeeping was deleted.')).toBeTruthy();
    expect(within(panel()).queryByRole('article', { name: /^Bookkeeping/ })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Your shortlists (1)' }),
    );
    expect(sent(fetchMock, 'DELETE', '/api/shortlists/s2').headers['X-CSRF-Token']).toBe('tok-1');
  });

  it('keeps a list when the deletion is dismissed', async () => {
    const fetchMock = renderDashboard([LISTS]);
    await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' });
    await userEvent.click(
      within(shortlist('Bookkeeping')).getByRole('button', { name: 'Delete Bookkeeping' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(shortlist('Bookkeeping')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('DELETE /api/shortlists/s2');
  });

  it('shows the agents of a list by name, says which left the directory, and removes one', async () => {
    const fetchMock = renderDashboard([
      LISTS,
      { path: '/api/agents/1', body: makeAgent({ id: '1', name: 'ReplyRanch &amp; Co' }) },
      { path: '/api/agents/2', status: 404, body: { error: 'Agent not found' } },
      {
        method: 'DELETE',
        path: '/api/shortlists/s1/agents/2',
        body: { success: true, shortlist: { ...SUPPORT, agent_ids: ['1'] } },
      },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Your shortlists (2)' });
    const support = shortlist('Support desk');
    const toggle = within(support).getByRole('button', { name: 'Show agents of Support desk' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await within(support).findByRole('link', { name: 'ReplyRanch & Co' })).getAttribute('href')).toBe(
      '/agents/1',
    );
    expect(await within(support).findByText('Agent 2: no longer listed')).toBeTruthy();
    await userEvent.click(within(support).getByRole('button', { name: 'Remove Agent 2 from Support desk' }));
    await waitFor(() => expect(within(support).getByText('(1 agent)')).toBeTruthy());
    expect(within(support).queryByText('Agent 2: no longer listed')).toBeNull();
    expect(calls(fetchMock)).toContain('DELETE /api/shortlists/s1/agents/2');
  });

  it('asks nothing of the server for an employer without an active subscription', async () => {
    const fetchMock = renderDashboard([], { ...EMPLOYER, subscription_status: 'inactive' });
    expect(
      await within(await screen.findByRole('region', { name: /^Your shortlists/ })).findByText(
        /see Subscription above/,
      ),
    ).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('GET /api/shortlists');
  });
});

describe('Employer dashboard: your requests', () => {
  it('lists what the employer asked, where each stands, and the replies', async () => {
    const replied = makeContactRequest({
      id: 'r2',
      kind: 'contact',
      agent_id: '7',
      agent_name: 'ReplyRanch',
      message: 'Does it speak Portuguese?',
      preferred_times: null,
      status: 'replied',
      replies: [{ at: '2026-11-21T09:00:00.000Z', by: 'provider', body: 'Yes, and Spanish.' }],
    });
    mockFetch([
      CSRF,
      { path: '/api/auth/me', body: { success: true, user: EMPLOYER } },
      LISTS,
      {
        path: '/api/employer/requests?limit=20&offset=0',
        body: { success: true, requests: [replied, makeContactRequest()], total: 2 },
      },
    ]);
    renderWithRouter(
      <AuthProvider>
        <EmployerDashboardPage />
      </AuthProvider>,
      { url: '/employer-dashboard', path: '/employer-dashboard' },
    );
    const requests = await screen.findByRole('region', { name: 'Your requests (2)' });
    const contact = within(requests).getByRole('article', { name: 'Contact about ReplyRanch' });
    expect(within(contact).getByText('Replied')).toBeTruthy();
    expect(within(contact).getByText('Yes, and Spanish.')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'ReplyRanch' }).getAttribute('href')).toBe('/agents/7');
    const demo = within(requests).getByRole('article', { name: 'Demo request about LedgerLark' });
    expect(within(demo).getByText('No reply yet. Replies also reach you by e-mail.')).toBeTruthy();
    expect(within(demo).getByText(/preferred times: Tuesday mornings/)).toBeTruthy();
  });
});
