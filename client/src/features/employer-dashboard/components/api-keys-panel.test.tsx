import '../../../testing/dom-polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import type { ApiKey } from '../api/api-keys';
import { forgetListedAgents } from '../hooks/use-listed-agents';
import { EmployerDashboardPage } from './employer-dashboard-page';

const EMPLOYER = makeUser({ user_type: 'employer', subscription_status: 'active' });
const KEY = 'agk_3fQ9xZ1aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';
const key = (overrides: Partial<ApiKey>): ApiKey => ({
  id: 'k1',
  name: 'Claude Desktop',
  prefix: 'agk_AbCdEfGh',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  ...overrides,
});
const DESKTOP = key({ id: 'k1', name: 'Claude Desktop', last_used_at: '2026-11-21T08:30:00.000Z' });
const NIGHTLY = key({ id: 'k2', name: 'Nightly report', prefix: 'agk_ZyXwVuTs' });
const KEYS: FakeRoute = {
  path: '/api/employer/api-keys',
  body: { success: true, api_keys: [DESKTOP, NIGHTLY], max: 10 },
};

function renderDashboard(routes: FakeRoute[], user: object = EMPLOYER) {
  const fetchMock = mockFetch([
    { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
    { path: '/api/auth/me', body: { success: true, user } },
    { path: '/api/shortlists', body: { success: true, shortlists: [] } },
    { path: '/api/employer/saved-searches', body: { success: true, saved_searches: [], max: 25 } },
    { path: '/api/employer/requests?limit=20&offset=0', body: { success: true, requests: [], total: 0 } },
    ...routes,
  ]);
  renderWithRouter(
    <AuthProvider>
      <EmployerDashboardPage />
    </AuthProvider>,
    { url: '/employer-dashboard', path: '/employer-dashboard' },
  );
  return fetchMock;
}

const panel = () => screen.getByRole('region', { name: /^API keys/ });
const item = (name: string) => within(panel()).getByRole('article', { name });

beforeEach(() => forgetListedAgents());
afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('Employer dashboard: API keys', () => {
  it('lists each key by name and first characters, with when it was made and last used', async () => {
    renderDashboard([KEYS]);
    expect(await screen.findByRole('heading', { level: 2, name: 'API keys (2 of 10)' })).toBeTruthy();
    expect(within(item('Claude Desktop')).getByText('agk_AbCdEfGh')).toBeTruthy();
    expect(within(item('Claude Desktop')).getByText(/^Last used Nov 21, 2026/)).toBeTruthy();
    expect(within(item('Nightly report')).getByText('Never used')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'MCP server' }).getAttribute('href')).toBe(
      '/for-ai-assistants',
    );
  });

  it('creates a key with the CSRF token and shows it once, until the employer has copied it', async () => {
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const made = key({ id: 'k3', name: 'CI', prefix: KEY.slice(0, 12) });
    const fetchMock = renderDashboard([
      KEYS,
      {
        method: 'POST',
        path: '/api/employer/api-keys',
        status: 201,
        body: { success: true, api_key: made, key: KEY },
      },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'API keys (2 of 10)' });
    await userEvent.type(screen.getByLabelText('Name of a new key'), '  CI ');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const notice = await screen.findByRole('region', { name: 'Your new key CI' });
    expect(within(notice).getByTestId('new-api-key').textContent).toBe(KEY);
    expect(within(notice).getByText('Copy it now: it will not be shown again.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('api-key-new-title'));
    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/employer/api-keys' && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ name: 'CI' });
    expect((call[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect(screen.getByRole('heading', { level: 2, name: 'API keys (3 of 10)' })).toBeTruthy();

    await act(async () => within(notice).getByRole('button', { name: 'Copy key' }).click());
    expect(writeText).toHaveBeenCalledWith(KEY);
    await userEvent.click(within(notice).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('region', { name: 'Your new key CI' })).toBeNull();
    // The list names the key by its first characters only.
    expect(within(item('CI')).getByText(KEY.slice(0, 12))).toBeTruthy();
    expect(panel().textContent).not.toContain(KEY);
  });

  it('says why the server refused a new key (ten already)', async () => {
    renderDashboard([
      KEYS,
      {
        method: 'POST',
        path: '/api/employer/api-keys',
        status: 409,
        body: { error: 'You can hold at most 10 API keys. Revoke one you no longer use to make room.' },
      },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'API keys (2 of 10)' });
    await userEvent.type(screen.getByLabelText('Name of a new key'), 'One more');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await within(panel()).findByRole('alert')).textContent).toMatch(/at most 10 API keys/);
  });

  it('revokes a key after a confirmation, with the CSRF token', async () => {
    const fetchMock = renderDashboard([
      KEYS,
      { method: 'DELETE', path: '/api/employer/api-keys/k2', body: { success: true } },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'API keys (2 of 10)' });
    await userEvent.click(
      within(item('Nightly report')).getByRole('button', { name: 'Revoke Nightly report' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke Nightly report?' });
    expect(dialog.textContent).toMatch(/refused from its next request/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await within(panel()).findByText('Nightly report was revoked.')).toBeTruthy();
    expect(within(panel()).queryByRole('article', { name: 'Nightly report' })).toBeNull();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(call[0]).toBe('/api/employer/api-keys/k2');
    expect((call[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('lets an employer whose plan lapsed see and revoke keys, but not make one', async () => {
    renderDashboard([KEYS], { ...EMPLOYER, subscription_status: 'inactive' });
    await screen.findByRole('heading', { level: 2, name: 'API keys (2 of 10)' });
    expect(within(panel()).getByText(/keys are refused for now/)).toBeTruthy();
    expect(screen.queryByLabelText('Name of a new key')).toBeNull();
    expect(
      within(item('Claude Desktop')).getByRole('button', { name: 'Revoke Claude Desktop' }),
    ).toBeTruthy();
  });
});
