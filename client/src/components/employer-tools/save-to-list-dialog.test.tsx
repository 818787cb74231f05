import '../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Shortlist } from '../../lib/api/shortlists';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { calls, type FakeRoute, mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { makeUser } from '../../testing/users';
import { SaveToListDialog } from './save-to-list-dialog';

// The list's entries name her: she added them.
const EMPLOYER = makeUser({
  full_name: 'Grace Hopper',
  user_type: 'employer',
  subscription_status: 'active',
});
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const list = (id: string, name: string, agent_ids: string[] = []): Shortlist => ({
  id,
  name,
  agent_ids,
  items: agent_ids.map((agent_id) => ({ agent_id, added_by: 'Grace Hopper', added_at: null })),
  created_by: 'Grace Hopper',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});
const SUPPORT = list('s1', 'Support desk', ['9']);
const BOOKS = list('s2', 'Bookkeeping', ['2']);
const lists = (shortlists: Shortlist[]): FakeRoute => ({
  path: '/api/shortlists',
  body: { success: true, shortlists },
});
const added = (id: string, shortlist: Shortlist): FakeRoute => ({
  method: 'POST',
  path: `/api/shortlists/${id}/agents`,
  body: { success: true, shortlist },
});

function renderDialog(routes: FakeRoute[], agents = [{ id: '2', name: 'LedgerLark' }]) {
  const fetchMock = mockFetch([
    CSRF,
    { path: '/api/auth/me', body: { success: true, user: EMPLOYER } },
    ...routes,
  ]);
  const onClose = jest.fn();
  renderWithRouter(
    <AuthProvider>
      <SaveToListDialog agents={agents} onClose={onClose} />
    </AuthProvider>,
  );
  return { fetchMock, onClose };
}

function bodiesOf(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === path && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)),
      token: (init!.headers as Record<string, string>)['X-CSRF-Token'],
    }));
}

describe('Save to list', () => {
  it('adds the agent to the chosen list with the CSRF token', async () => {
    const { fetchMock } = renderDialog([
      lists([SUPPORT, BOOKS]),
      added('s1', { ...SUPPORT, agent_ids: ['9', '2'] }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Save LedgerLark to a list' });
    const first = await within(dialog).findByRole('radio', { name: /Support desk/ });
    expect(document.activeElement).toBe(first);
    expect(
      within(dialog).getByRole('radio', { name: /Bookkeeping \(1 agent, already holds this\)/ }),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Saved LedgerLark to Support desk.')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/shortlists/s1/agents')).toEqual([
      { body: { agent_id: '2' }, token: 'tok-1' },
    ]);
  });

  it('creates a new list and adds every agent of a comparison to it', async () => {
    const legal = list('s3', 'Legal');
    const { fetchMock } = renderDialog(
      [
        lists([SUPPORT]),
        { method: 'POST', path: '/api/shortlists', status: 201, body: { success: true, shortlist: legal } },
        added('s3', { ...legal, agent_ids: ['2', '3'] }),
      ],
      [
        { id: '2', name: 'LedgerLark' },
        { id: '3', name: 'TaxTern' },
      ],
    );
    const dialog = await screen.findByRole('dialog', { name: 'Save 2 agents to a list' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'A new list' }));
    await userEvent.type(within(dialog).getByLabelText('Name of the new list'), 'Legal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Saved 2 agents to Legal.')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/shortlists')).toEqual([{ body: { name: 'Legal' }, token: 'tok-1' }]);
    expect(bodiesOf(fetchMock, '/api/shortlists/s3/agents').map((call) => call.body)).toEqual([
      { agent_id: '2' },
      { agent_id: '3' },
    ]);
  });

  it('asks for a name when there is no list yet', async () => {
    const { fetchMock } = renderDialog([lists([])]);
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByLabelText('Name of the new list');
    expect(document.activeElement).toBe(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please give the list a name')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('POST /api/shortlists');
  });

  it("says the server's reason when the list is full", async () => {
    renderDialog([
      lists([SUPPORT]),
      {
        method: 'POST',
        path: '/api/shortlists/s1/agents',
        status: 409,
        body: { success: false, error: 'A list holds at most 100 agents. Remove one or start another list.' },
      },
    ]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radio', { name: /Support desk/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A list holds at most 100 agents. Remove one or start another list.',
    );
  });
});
