import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { makeAgent } from '../../../testing/agents';
import { renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { fakeEmployerSearch } from '../testing/fake-employer-search';
import { EmployerSearchPage } from './employer-search-page';
import { WIDE_SCREEN } from './filter-panel';

// The advanced search on a phone: the filters start folded behind one button that counts those in
// force, so the results come first; a wide screen shows them open, with no button.

const EMPLOYER = makeUser({ user_type: 'employer', subscription_status: 'active' });
const AGENTS = [
  makeAgent({ id: '1', name: 'ReplyRanch' }),
  makeAgent({ id: '2', name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper', pricing: 'paid' }),
];

/** A screen as wide as `wide` says: jsdom has no matchMedia of its own. */
function screenOf({ wide }: { wide: boolean }) {
  window.matchMedia = ((query: string) => ({
    matches: query === WIDE_SCREEN ? wide : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

function renderSearch(url = '/employer/search') {
  fakeEmployerSearch(AGENTS, [
    { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
    { path: '/api/auth/me', body: { success: true, user: EMPLOYER } },
  ]);
  return renderWithRouter(
    <AuthProvider>
      <EmployerSearchPage writeDelay={0} />
    </AuthProvider>,
    { url, path: '/employer/search' },
  );
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

describe('the advanced search filters on a phone', () => {
  it('starts folded, results first, behind a button that unfolds them', async () => {
    screenOf({ wide: false });
    renderSearch();
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Category' })).getByRole('checkbox', { name: /Finance/ }),
    );
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    expect(toggle.textContent).toBe('Filters (1 active)');
    expect(panel.hidden).toBe(false);

    // Done: folded again, and the keyboard goes on to the results, not back to the top.
    await userEvent.click(screen.getByRole('button', { name: 'Show the results' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('1 agent matches'));
  });

  it('counts the filters of a shared link while folded', async () => {
    screenOf({ wide: false });
    renderSearch('/employer/search?category=Finance&pricing=paid');
    expect(await screen.findByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
  });

  it('stays open on a wide screen, with a plain title and no button', async () => {
    screenOf({ wide: true });
    renderSearch();
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Filters' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Category' })).toBeTruthy();
  });
});
