import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const usagePanel = () => screen.findByRole('region', { name: 'For AI assistants (MCP)' });

describe('Admin screen: MCP usage', () => {
  it('shows calls per tool per week, newest week first, with each week’s total', async () => {
    renderAdmin([
      {
        path: '/api/admin/mcp-usage',
        body: {
          success: true,
          weeks: [
            { week: '2026-W47', calls: { search_agents: 12, get_agent: 3 } },
            { week: '2026-W46', calls: { search_agents: 1200, retired_tool: 2 } },
            { week: '2026-W45', calls: {} },
          ],
        },
      },
    ]);
    const panel = await usagePanel();
    const table = await within(panel).findByRole('table', { name: 'MCP tool calls per week' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Week of',
      'search_agents',
      'get_agent',
      'list_categories',
      'list_roles',
      'compare_agents',
      'retired_tool',
      'Total',
    ]);
    const line = (row: HTMLElement) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    expect(rows.map(line)).toEqual([
      ['Nov 16, 2026', '12', '3', '0', '0', '0', '0', '15'],
      ['Nov 9, 2026', '1,200', '0', '0', '0', '0', '2', '1,202'],
      ['Nov 2, 2026', '0', '0', '0', '0', '0', '0', '0'],
    ]);
  });

  it('says there have been no calls yet when no week has any', async () => {
    renderAdmin([
      {
        path: '/api/admin/mcp-usage',
        body: { success: true, weeks: [{ week: '2026-W47', calls: {} }] },
      },
    ]);
    const panel = await usagePanel();
    expect(await within(panel).findByText('No calls yet.')).toBeTruthy();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('says so when the counts cannot be read', async () => {
    renderAdmin([{ path: '/api/admin/mcp-usage', status: 500, body: { success: false } }]);
    const panel = await usagePanel();
    expect((await within(panel).findByRole('alert')).textContent).toBe('Failed to fetch the MCP usage');
  });
});
