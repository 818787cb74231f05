import '../../../testing/dom-polyfills';
import { COMPARE_ROWS } from '@agentry/domain/compare-rows';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { compareStore } from '../../../lib/compare-selection';
import { makeAgent } from '../../../testing/agents';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { ComparePage } from './compare-page';

const EMPLOYER = makeUser({ user_type: 'employer', subscription_status: 'active' });
const me = (user: object | null): FakeRoute => ({
  path: '/api/auth/me',
  body: user ? { success: true, user } : { success: false, user: null },
});

const REPLY = makeAgent({ id: '1', name: 'ReplyRanch', provider: 'Fenwick &amp; Grove', cost: '$29/month' });
const LEDGER = makeAgent({
  id: '2',
  name: 'LedgerLark',
  category: 'Finance',
  role: 'Bookkeeper',
  provider: 'Fenwick & Grove',
  cost: '$29/month',
  pricing: 'paid',
});
const TAX = makeAgent({
  id: '3',
  name: 'TaxTern',
  category: 'Finance',
  provider: 'fenwick & grove',
  cost: '$99/month',
});
const compared = (ids: string, agents: unknown[]): FakeRoute => ({
  path: `/api/compare?ids=${ids}`,
  body: { success: true, agents },
});

function renderCompare(routes: FakeRoute[], { url = '/compare', user = EMPLOYER as object | null } = {}) {
  const fetchMock = mockFetch([me(user), ...routes]);
  const view = renderWithRouter(
    <AuthProvider>
      <ComparePage />
    </AuthProvider>,
    { url, path: '/compare' },
  );
  return { ...view, fetchMock };
}

const row = (label: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr')!;

beforeEach(() =>
  act(() => {
    const store = compareStore();
    store.clear();
    for (const agent of [REPLY, LEDGER, TAX]) store.toggle({ id: agent.id, name: agent.name });
  }),
);

describe('/compare', () => {
  it('compares the selection in one table, putting its ids in the URL to share', async () => {
    const { router, fetchMock } = renderCompare([compared('1,2,3', [REPLY, LEDGER, TAX])]);
    const table = await screen.findByRole('table');
    expect(currentUrl(router)).toBe('/compare?ids=1,2,3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.querySelector('a')?.textContent),
    ).toEqual(['ReplyRanch', 'LedgerLark', 'TaxTern']);
    expect(
      within(row('Provider'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Fenwick & Grove', 'Fenwick & Grove', 'fenwick & grove']);
    expect(within(row('Link')).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      'https://replyranch.example/',
    );
    expect(calls(fetchMock)).toContain('GET /api/compare?ids=1,2,3');
  });

  it('highlights the rows whose values differ, and says so in words', async () => {
    renderCompare([compared('1,2,3', [REPLY, LEDGER, TAX])]);
    await screen.findByRole('table');
    for (const label of ['Category', 'Role', 'Cost']) {
      expect(row(label).className).toBe('comparison__row--differs');
      expect(within(row(label)).getByRole('rowheader').textContent).toBe(`${label} differs`);
    }
    // The same provider, written with an entity, in another case.
    expect(row('Provider').className).toBe('');
    expect(within(row('Provider')).getByRole('rowheader').textContent).toBe('Provider');
  });

  it('compares the agents of a shared ?ids= link rather than the selection', async () => {
    const { fetchMock } = renderCompare([compared('3,1', [TAX, REPLY])], { url: '/compare?ids=3,1,3' });
    await screen.findByRole('table');
    expect(calls(fetchMock)).toContain('GET /api/compare?ids=3,1');
    expect(row('Category').className).toBe('comparison__row--differs');
  });

  it('removes an agent without loading again, from the URL and the selection alike', async () => {
    const { router, fetchMock } = renderCompare([compared('1,2,3', [REPLY, LEDGER, TAX])]);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Remove ReplyRanch from the comparison' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/compare?ids=2,3'));
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(row('Category').className).toBe('');
    expect(
      compareStore()
        .getSnapshot()
        .map((agent) => agent.id),
    ).toEqual(['2', '3']);
    expect(screen.getByRole('status').textContent).toBe('ReplyRanch was removed from the comparison.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(calls(fetchMock).filter((call) => call.startsWith('GET /api/compare'))).toHaveLength(1);
  });

  it('renders one row per fact, each row its own React key, before and after a removal', async () => {
    // The pricing tier and the profile's "Pricing" rows once shared the key "pricing"; the tier row
    // has gone since (it repeated the cost), and the keys stay unique.
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderCompare([compared('1,2,3', [REPLY, LEDGER, TAX])]);
      await screen.findByRole('table');
      await userEvent.click(screen.getByRole('button', { name: 'Remove ReplyRanch from the comparison' }));
      await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(2));
      const labels = COMPARE_ROWS.map((compareRow) => compareRow.label);
      expect(screen.getAllByRole('rowheader').map((header) => header.firstChild?.textContent)).toEqual([
        ...labels,
        'Contact',
      ]);
      expect(errors.mock.calls.filter(([message]) => /same key/.test(String(message)))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('offers to compare the others when some agents are no longer listed', async () => {
    renderCompare([
      {
        path: '/api/compare?ids=1,2,3',
        status: 404,
        body: { success: false, error: 'These agents are not listed: 3', missing_ids: ['3'] },
      },
      compared('1,2', [REPLY, LEDGER]),
    ]);
    expect((await screen.findByRole('alert')).textContent).toMatch('These agents are not listed: 3');
    await userEvent.click(screen.getByRole('button', { name: 'Compare the others' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });

  it('asks for a second agent when only one is chosen', async () => {
    act(() => {
      compareStore().clear();
      compareStore().toggle({ id: '1', name: 'ReplyRanch' });
    });
    const { fetchMock } = renderCompare([]);
    expect(await screen.findByText(/Pick at least 2 agents to compare/)).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('GET /api/compare?ids=1');
  });

  it('shows a visitor what the comparison offers instead, and loads nothing', async () => {
    const { fetchMock } = renderCompare([], { user: null });
    expect(await screen.findByRole('link', { name: 'Create an employer account' })).toBeTruthy();
    expect(calls(fetchMock)).toEqual(['GET /api/auth/me']);
  });

  it('opens "Save these to a list" for every agent in the table', async () => {
    renderCompare([
      compared('1,2,3', [REPLY, LEDGER, TAX]),
      { path: '/api/shortlists', body: { success: true, shortlists: [] } },
    ]);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Save these to a list' }));
    expect(screen.getByRole('dialog', { name: 'Save 3 agents to a list' })).toBeTruthy();
  });
});
