import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { makeAdminAgent } from '../testing/admin-fixtures';
import { AllAgentsPage } from './all-agents-page';

const LEDGER = makeAdminAgent({ id: 'a1', name: 'LedgerLark' });
const BRIEF = makeAdminAgent({
  id: 'a2',
  name: 'BriefBot',
  category: 'Legal',
  role: 'Paralegal',
  status: 'Verified',
});

function renderList(answer: { status?: number; body?: unknown }) {
  mockFetch([{ path: '/api/admin/agents?limit=100&offset=0', ...answer }]);
  return renderWithRouter(<AllAgentsPage />, { url: '/rjs', path: '/rjs' });
}

describe('/rjs: the simple all-agents list', () => {
  it("says 'Failed to fetch agents' when the list cannot be read", async () => {
    renderList({ status: 401, body: { success: false, error: 'Not signed in' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch agents');
    expect(screen.getByRole('link', { name: 'Log in as an admin' }).getAttribute('href')).toBe('/admin');
  });

  it("shows one line per agent, and the selected agent's details", async () => {
    renderList({ body: { success: true, agents: [LEDGER, BRIEF], total: 2 } });
    const list = await screen.findByRole('list', { name: 'Agents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const select = within(list).getByRole('button', { name: 'Select Agent BriefBot' });
    await userEvent.click(select);
    expect(select.getAttribute('aria-pressed')).toBe('true');
    const details = screen.getByRole('region', { name: 'BriefBot' });
    expect(document.activeElement).toBe(within(details).getByRole('heading', { name: 'BriefBot' }));
    expect(within(details).getByText('Paralegal')).toBeTruthy();
    expect(within(details).getByText('Verified')).toBeTruthy();
  });
});
