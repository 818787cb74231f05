import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '../../../lib/api/saved-searches';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { EmployerDashboardPage } from './employer-dashboard-page';

const EMPLOYER = makeUser({ user_type: 'employer', subscription_status: 'active' });
const SPANISH: SavedSearch = {
  id: 's1',
  name: 'Spanish support',
  search: {
    query: 'support in spanish',
    filters: { pricing: ['paid'] },
    price_min: null,
    price_max: 50,
    starting_price_min: null,
    starting_price_max: null,
    sort: null,
  },
  alert: 'daily',
  path: '/employer/search?q=support+in+spanish&pricing=paid&price_max=50',
  last_digest_at: '2026-11-27T10:00:00.000Z',
  next_digest_at: '2026-11-28T10:00:00.000Z',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};
const LIST: FakeRoute = {
  path: '/api/employer/saved-searches',
  body: { success: true, saved_searches: [SPANISH], max: 25 },
};

function renderDashboard(routes: FakeRoute[]) {
  return mockFetch([
    { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
    { path: '/api/auth/me', body: { success: true, user: EMPLOYER } },
    { path: '/api/shortlists', body: { success: true, shortlists: [] } },
    { path: '/api/employer/requests?limit=20&offset=0', body: { success: true, requests: [], total: 0 } },
    { path: '/api/employer/api-keys', body: { success: true, api_keys: [], max: 10 } },
    ...routes,
  ]);
}

const panel = () => screen.getByRole('region', { name: /^Saved searches/ });

function show(routes: FakeRoute[]) {
  const fetchMock = renderDashboard(routes);
  renderWithRouter(
    <AuthProvider>
      <EmployerDashboardPage />
    </AuthProvider>,
    { url: '/employer-dashboard', path: '/employer-dashboard' },
  );
  return fetchMock;
}

describe('Employer dashboard: saved searches', () => {
  it('lists each saved search with what it searches, a link that opens it and its alert', async () => {
    show([LIST]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Saved searches (1 of 25)' })).toBeTruthy();
    expect(within(panel()).getByRole('heading', { level: 3, name: 'Spanish support' })).toBeTruthy();
    expect(
      within(panel()).getByText('"support in spanish" · Pricing tier: paid · $0–$50 a month'),
    ).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(SPANISH.path);
    expect(
      (within(panel()).getByLabelText('E-mail alert for Spanish support') as HTMLSelectElement).value,
    ).toBe('daily');
  });

  it('changes the alert and renames with the CSRF token, then shows the list again', async () => {
    const fetchMock = show([
      {
        method: 'PUT',
        path: '/api/employer/saved-searches/s1',
        body: { success: true, saved_search: SPANISH },
      },
      LIST,
    ]);
    const select = await within(
      await screen.findByRole('region', { name: /^Saved searches/ }),
    ).findByLabelText('E-mail alert for Spanish support');
    await userEvent.selectOptions(select, 'weekly');
    await screen.findByText('"Spanish support": weekly digest.');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ alert: 'weekly' });
    expect((put[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');

    await userEvent.click(within(panel()).getByRole('button', { name: 'Rename' }));
    const name = within(panel()).getByLabelText('New name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Helpdesk');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Renamed to "Helpdesk".');
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts[1]![1]!.body))).toEqual({ name: 'Helpdesk' });
  });

  it('deletes a saved search', async () => {
    const fetchMock = show([
      { method: 'DELETE', path: '/api/employer/saved-searches/s1', body: { success: true } },
      LIST,
    ]);
    await userEvent.click(
      await within(await screen.findByRole('region', { name: /^Saved searches/ })).findByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('Deleted "Spanish support".');
    await waitFor(() => expect(calls(fetchMock)).toContain('DELETE /api/employer/saved-searches/s1'));
  });
});
