import '../../../testing/dom-polyfills';
import { ADMIN_REFRESH_DELAY_MS } from '@agentry/domain/screens';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN } from '../testing/admin-api';
import { makeAdminAgent } from '../testing/admin-fixtures';
import { callsTo, renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const LEDGER = makeAdminAgent({ id: 'a1', name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' });
const TALLY = makeAdminAgent({ id: 'a2', name: 'Tally &amp; Co', category: 'Finance', role: 'Accountant' });
const BRIEF = makeAdminAgent({
  id: 'a3',
  name: 'BriefBot',
  category: 'Legal',
  role: 'Paralegal',
  status: 'Verified',
  removed: true,
});

const manageAgents = () => screen.getByRole('region', { name: 'Manage Agents' });
/** Waits for the dashboard, then gives its Manage Agents section. */
const findManageAgents = () => screen.findByRole('region', { name: 'Manage Agents' });

describe('Admin screen: Manage Agents', () => {
  it('groups the agents by category, then role, with the status and a Removed badge', async () => {
    renderAdmin([], { agents: [TALLY, LEDGER, BRIEF] });
    expect(
      await within(await findManageAgents()).findByRole('heading', { level: 3, name: 'Finance' }),
    ).toBeTruthy();
    const legal = within(manageAgents()).getByRole('region', { name: 'Legal' });
    expect(within(legal).getByRole('heading', { level: 4, name: 'Paralegal' })).toBeTruthy();
    expect(within(legal).getByText('Removed')).toBeTruthy();
    expect(within(legal).getByText('Status: Verified')).toBeTruthy();
    expect(within(legal).getByRole('button', { name: 'Restore BriefBot' })).toBeTruthy();
    const finance = within(manageAgents()).getByRole('region', { name: 'Finance' });
    expect(
      within(finance)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Accountant', 'Bookkeeper']);
    // Names arrive entity-encoded and are shown decoded.
    expect(within(finance).getByRole('button', { name: 'Delete Tally & Co' })).toBeTruthy();
    expect(within(finance).queryByText('Removed')).toBeNull();
  });

  it(`turns Delete into Restore, then reads a fresh list ${ADMIN_REFRESH_DELAY_MS} ms later`, async () => {
    // Fake timers: the clock moves only when the test (or testing-library's waiting) moves it, so the
    // times the fake API answered at tell the delay exactly.
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      let deletedAt = 0;
      const listReadAt: number[] = [];
      let agents = [LEDGER];
      const { fetchMock } = renderAdmin([
        {
          method: 'DELETE',
          path: '/api/admin/agents/a1',
          get body() {
            deletedAt = Date.now();
            agents = [{ ...LEDGER, removed: true }];
            return { success: true, agent: agents[0] };
          },
        },
        {
          path: '/api/admin/agents?limit=100&offset=0',
          get body() {
            listReadAt.push(Date.now());
            return { success: true, agents, total: agents.length };
          },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Delete LedgerLark' }));
      // Asked first: nothing is sent until staff confirm.
      const dialog = screen.getByRole('alertdialog', { name: 'Delete LedgerLark?' });
      expect(callsTo(fetchMock, 'DELETE', '/api/admin/agents/a1')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      const restore = await screen.findByRole('button', { name: 'Restore LedgerLark' });
      expect(document.activeElement).toBe(restore);
      expect(within(manageAgents()).getByText('Removed')).toBeTruthy();
      expect(requestOf(fetchMock, 'DELETE', '/api/admin/agents/a1').headers['X-CSRF-Token']).toBe(CSRF_TOKEN);

      await waitFor(() => expect(listReadAt).toHaveLength(2));
      const delay = listReadAt[1]! - deletedAt;
      expect(delay).toBeGreaterThanOrEqual(ADMIN_REFRESH_DELAY_MS);
      expect(delay).toBeLessThan(ADMIN_REFRESH_DELAY_MS + 50);
      // The counts are read again too, and the fresh list keeps the button (and the focus) in place.
      await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/stats')).toHaveLength(2));
      expect(screen.getByRole('button', { name: 'Restore LedgerLark' })).toBe(restore);
      expect(document.activeElement).toBe(restore);
    } finally {
      jest.useRealTimers();
    }
  });

  it('restores a removed agent: the button reads Delete again', async () => {
    const { fetchMock } = renderAdmin(
      [
        {
          method: 'POST',
          path: '/api/admin/agents/a3/restore',
          body: { success: true, agent: { ...BRIEF, removed: false } },
        },
      ],
      { agents: [BRIEF] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Restore BriefBot' }));
    expect(await screen.findByRole('button', { name: 'Delete BriefBot' })).toBeTruthy();
    expect(within(manageAgents()).queryByText('Removed')).toBeNull();
    expect(requestOf(fetchMock, 'POST', '/api/admin/agents/a3/restore').headers['X-CSRF-Token']).toBe(
      CSRF_TOKEN,
    );
  });

  it('deletes nothing when staff keep the agent at the confirmation', async () => {
    const { fetchMock } = renderAdmin([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete LedgerLark' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/agents/a1')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete LedgerLark' })).toBeTruthy();
  });

  it('says a delete was done, with an Undo that restores the agent', async () => {
    const { fetchMock } = renderAdmin([
      {
        method: 'DELETE',
        path: '/api/admin/agents/a1',
        body: { success: true, agent: { ...LEDGER, removed: true } },
      },
      {
        method: 'POST',
        path: '/api/admin/agents/a1/restore',
        body: { success: true, agent: { ...LEDGER, removed: false } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete LedgerLark' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const note = await within(manageAgents()).findByText(/LedgerLark was deleted/);
    await userEvent.click(within(note).getByRole('button', { name: /Undo/ }));
    // The restore is sent first: on a loaded machine the screen's delayed refresh of the list (whose
    // mocked answer has the agent listed) can otherwise bring "Delete" back before it.
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/agents/a1/restore')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Delete LedgerLark' })).toBeTruthy();
    expect(within(manageAgents()).queryByText(/LedgerLark was deleted/)).toBeNull();
  });

  it("says the server's reason, or 'Failed to delete agent', when a delete fails", async () => {
    renderAdmin([{ method: 'DELETE', path: '/api/admin/agents/a1', status: 500 }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete LedgerLark' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect((await within(manageAgents()).findByRole('alert')).textContent).toBe('Failed to delete agent');
    expect(screen.getByRole('button', { name: 'Delete LedgerLark' })).toBeTruthy();
  });

  it('pages through a large catalog: "Show more" appends the next page', async () => {
    const { fetchMock, db } = renderAdmin([], { agents: [LEDGER], total: 100_000 });
    expect(await within(await findManageAgents()).findByText('Showing 1 of 100,000 agents')).toBeTruthy();
    db.agents = [TALLY];
    await userEvent.click(within(manageAgents()).getByRole('button', { name: 'Show more' }));
    expect(await within(manageAgents()).findByText('Showing 2 of 100,000 agents')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/admin/agents?limit=100&offset=1')).toHaveLength(1);
    expect(within(manageAgents()).getByRole('button', { name: 'Delete LedgerLark' })).toBeTruthy();
    expect(within(manageAgents()).getByRole('button', { name: 'Delete Tally & Co' })).toBeTruthy();
  });

  it('narrows the list to one category', async () => {
    const { fetchMock } = renderAdmin();
    await within(await findManageAgents()).findByRole('button', { name: 'Delete LedgerLark' });
    await userEvent.selectOptions(within(manageAgents()).getByLabelText('Category'), 'Legal');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/admin/agents?limit=100&offset=0&category=Legal')).toHaveLength(
        1,
      ),
    );
  });

  it('searches by name once typing pauses, and says when nothing matches', async () => {
    const { fetchMock } = renderAdmin([
      {
        path: '/api/admin/agents?limit=100&offset=0&name=zzz',
        body: { success: true, agents: [], total: 0 },
      },
    ]);
    await within(await findManageAgents()).findByRole('button', { name: 'Delete LedgerLark' });
    await userEvent.type(within(manageAgents()).getByLabelText('Search by name'), 'zzz');
    expect(await within(manageAgents()).findByText('No agents match “zzz”.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/admin/agents?limit=100&offset=0&name=zzz')).toHaveLength(1);
    expect(within(manageAgents()).queryByRole('button', { name: 'Delete LedgerLark' })).toBeNull();
  });

  it("says 'Failed to fetch agents' when the list cannot be read", async () => {
    renderAdmin([{ path: '/api/admin/agents?limit=100&offset=0', status: 500 }]);
    expect((await within(await findManageAgents()).findByRole('alert')).textContent).toContain(
      'Failed to fetch agents',
    );
  });
});

describe('Admin screen: Edit Agent', () => {
  it('edits every field plus email and status in a modal dialog, and gives focus back to Edit', async () => {
    const saved = { ...LEDGER, status: 'Verified', address: 'https://ledgerlark.example/pro' };
    const { fetchMock } = renderAdmin([
      { method: 'PUT', path: '/api/admin/agents/a1', body: { success: true, agent: saved } },
    ]);
    const edit = await screen.findByRole('button', { name: 'Edit LedgerLark' });
    await userEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Agent' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    expect((within(dialog).getByLabelText(/Email/) as HTMLInputElement).value).toBe('ada@example.com');
    await userEvent.type(within(dialog).getByLabelText(/Status/), 'Verified');
    const address = within(dialog).getByLabelText('Address');
    await userEvent.clear(address);
    await userEvent.type(address, 'ledgerlark.example/pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit LedgerLark' }));
    expect(within(manageAgents()).getByText('Status: Verified')).toBeTruthy();
    const request = requestOf(fetchMock, 'PUT', '/api/admin/agents/a1');
    expect(request.headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
    expect(request.body).toEqual({
      name: 'LedgerLark',
      email: 'ada@example.com',
      provider: 'Analytical Engines',
      category: 'Finance',
      role: 'Bookkeeper',
      description: 'Books and ledgers, reconciled daily.',
      cost: '$29/month',
      address: 'https://ledgerlark.example/pro',
      status: 'Verified',
    });
  });

  it("says 'Failed to update agent' in the dialog when the save fails without a reason", async () => {
    renderAdmin([{ method: 'PUT', path: '/api/admin/agents/a1', status: 500 }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit LedgerLark' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Agent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to update agent');
  });

  it('closes on Escape without saving', async () => {
    const { fetchMock } = renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit LedgerLark' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/agents')).toEqual([]);
  });
});
