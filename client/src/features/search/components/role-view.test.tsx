import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAgent } from '../../../testing/agents';
import { calls, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { RoleView } from './role-view';

const ROLE_URL = '/api/search-by-role?role=Customer+Support+Agent&category=Customer+Service';

const earlier = [
  makeAgent({ id: '1', name: 'ReplyRanch' }),
  makeAgent({ id: '2', name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' }),
  makeAgent({ id: '3', name: 'PatiencePorter' }),
  makeAgent({ id: '4', name: 'OtherCategory', category: 'Sales', role: 'Customer Support Agent' }),
];

function renderRoleView(props: { hasEarlierResults?: boolean; onBack?: () => void } = {}) {
  return renderWithRouter(
    <RoleView
      selection={{ role: 'Customer Support Agent', category: 'Customer Service' }}
      earlierResults={earlier}
      hasEarlierResults={props.hasEarlierResults ?? true}
      onBack={props.onBack ?? (() => {})}
      onRoleSelect={() => {}}
    />,
  );
}

describe('RoleView', () => {
  it('titles the view "{role} agents in the {category} category" and lists the role search results', async () => {
    const fetchMock = mockFetch([{ path: ROLE_URL, body: [makeAgent({ id: '9', name: 'InboxOtter' })] }]);
    renderRoleView();
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Customer Support Agent agents in the Customer Service category',
      }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'InboxOtter' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 agent');
    expect(calls(fetchMock)).toEqual([`GET ${ROLE_URL}`]);
  });

  it('labels the back button "Search Results" when earlier results exist', async () => {
    mockFetch([{ path: ROLE_URL, body: [] }]);
    const onBack = jest.fn();
    renderRoleView({ hasEarlierResults: true, onBack });
    await screen.findByText('No agents found for this role yet.');
    await userEvent.click(screen.getByRole('button', { name: /Search Results/ }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('labels the back button "Home" when there are no earlier results', async () => {
    mockFetch([{ path: ROLE_URL, body: [] }]);
    renderRoleView({ hasEarlierResults: false });
    expect(await screen.findByText('No agents found for this role yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Home/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Search Results/ })).toBeNull();
  });

  it('falls back to the earlier results filtered by role and category when the role search fails', async () => {
    mockFetch([{ path: ROLE_URL, status: 500, body: { error: 'down' } }]);
    renderRoleView();
    expect(await screen.findByRole('heading', { level: 3, name: 'ReplyRanch' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'PatiencePorter' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'LedgerLark' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 3, name: 'OtherCategory' })).toBeNull();
    expect(screen.getByText(/come from your search results/)).toBeTruthy();
  });

  it('falls back the same way when the network is down', async () => {
    mockFetch([{ path: ROLE_URL, networkError: true }]);
    renderRoleView();
    expect(await screen.findByRole('heading', { level: 3, name: 'ReplyRanch' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 agents');
  });
});
