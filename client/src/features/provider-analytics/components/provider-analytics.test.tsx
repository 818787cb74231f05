import '../../../testing/dom-polyfills';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { madeCharts } from '../../../testing/fake-chart';
import { calls, mockFetch } from '../../../testing/mock-fetch';
import type { ProviderAnalyticsAnswer } from '../api/get-provider-analytics';
import { ProviderAnalytics } from './provider-analytics';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const ANALYTICS = '/api/users/analytics?weeks=12';
const none = { appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 };
const weeks = ['2026-11-02', '2026-11-09', '2026-11-16'];

function answer(agents: ProviderAnalyticsAnswer['agents']): ProviderAnalyticsAnswer {
  return { success: true, weeks, agents };
}

const twoAgents = answer([
  {
    id: 'a1',
    name: 'Q&amp;A Desk',
    totals: { ...none, appeared: 30, clicked: 2 },
    weekly: [
      { week: weeks[0]!, ...none, appeared: 10 },
      { week: weeks[1]!, ...none },
      { week: weeks[2]!, ...none, appeared: 20, clicked: 2 },
    ],
  },
  {
    id: 'a2',
    name: 'MinuteMaid',
    totals: { ...none, appeared: 5, opened: 1 },
    weekly: [
      { week: weeks[0]!, ...none },
      { week: weeks[1]!, ...none, appeared: 5, opened: 1 },
      { week: weeks[2]!, ...none },
    ],
  },
]);

beforeEach(() => {
  madeCharts.length = 0;
});

describe('ProviderAnalytics', () => {
  it('draws one chart per kind for all agents summed, with the figures as a table', async () => {
    const fetch = mockFetch([{ path: ANALYTICS, body: twoAgents }]);
    render(<ProviderAnalytics />);

    // chart.js loads lazily: the charts are drawn once it has arrived.
    await waitFor(() => expect(madeCharts).toHaveLength(5));
    expect(calls(fetch)).toEqual([`GET ${ANALYTICS}`]);
    expect(madeCharts.map((chart) => chart.type)).toEqual(['line', 'line', 'line', 'line', 'line']);
    expect(madeCharts[0]).toMatchObject({ labels: ['Nov 2', 'Nov 9', 'Nov 16'], data: [10, 5, 20] });
    expect(
      screen.getByRole('img', {
        name: 'Appeared in search results, All your agents: 35 appearances over 3 weeks, 20 this week.',
      }),
    ).toBeTruthy();
    const totals = screen.getByRole('list', { name: 'All your agents, last 3 weeks' });
    expect(within(totals).getByText('35').nextElementSibling?.textContent).toBe('Appeared in search results');
    const table = screen.getByRole('table', { name: 'All your agents: counts per week' });
    const lastWeek = within(table).getByRole('rowheader', { name: 'Nov 16' }).parentElement!;
    expect([...lastWeek.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '20',
      '0',
      '2',
      '0',
      '0',
    ]);
  });

  it('says in words what each number counts: people once a day, not requests', async () => {
    mockFetch([{ path: ANALYTICS, body: twoAgents }]);
    render(<ProviderAnalytics />);
    const heading = await screen.findByRole('heading', { level: 3, name: 'What each number counts' });
    const meanings = heading.parentElement!;
    const terms = [...meanings.querySelectorAll('dt')].map((term) => term.textContent);
    expect(terms).toEqual([
      'Appeared in search results',
      'Agent page views',
      'Clicks to your site',
      'Compared by employers',
      'Contact requests',
    ]);
    expect(within(meanings).getByText(/^People whose search listed the agent/).textContent).toMatch(
      /once per person a day/,
    );
    expect(within(meanings).getByText(/^Subscribed employers who put the agent/).textContent).toMatch(
      /API key, once per employer a day/,
    );
    expect(within(meanings).getByText(/^A person is a signed-in account/).textContent).toMatch(
      /cannot be raised by reloading or by a script/,
    );
  });

  it('shows one agent on its own when chosen', async () => {
    mockFetch([{ path: ANALYTICS, body: twoAgents }]);
    render(<ProviderAnalytics />);
    await waitFor(() => expect(madeCharts).toHaveLength(5));

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Agent' }),
      screen.getByRole('option', { name: 'Q&A Desk' }),
    );

    await waitFor(() => expect(madeCharts).toHaveLength(10));
    expect(madeCharts[5]!.data).toEqual([10, 0, 20]);
    expect(screen.getByRole('table', { name: 'Q&A Desk: counts per week' })).toBeTruthy();
    expect(screen.getByText('2 clicks over 3 weeks, 2 this week.')).toBeTruthy();
  });

  it('says so when the provider has no agents, and draws nothing', async () => {
    mockFetch([{ path: ANALYTICS, body: answer([]) }]);
    render(<ProviderAnalytics />);
    expect(await screen.findByText('Analytics appear here once you have an agent listed.')).toBeTruthy();
    expect(madeCharts).toEqual([]);
  });

  it('says nothing was counted yet instead of drawing flat lines', async () => {
    const quiet = answer([
      { id: 'a1', name: 'Quiet', totals: none, weekly: weeks.map((week) => ({ week, ...none })) },
    ]);
    mockFetch([{ path: ANALYTICS, body: quiet }]);
    render(<ProviderAnalytics />);
    expect(await screen.findByText(/Nothing counted yet in the last 3 weeks/)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(madeCharts).toEqual([]);
  });

  it('offers to try again when the figures could not be loaded', async () => {
    const fetch = mockFetch([{ path: ANALYTICS, status: 500, body: { error: 'Internal error' } }]);
    render(<ProviderAnalytics />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load your analytics');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls(fetch)).toHaveLength(2));
  });
});
