import '../../../../testing/dom-polyfills';
import { render, screen, waitFor, within } from '@testing-library/react';
import { madeCharts } from '../../../../testing/fake-chart';
import { makeStats } from '../../testing/admin-fixtures';
import { AdminCharts } from './admin-charts';

jest.mock('chart.js', () => require('../../../../testing/fake-chart'));

describe('AdminCharts', () => {
  it('draws the three charts, each with a text summary and its data as a table', async () => {
    const perCategory = Array.from({ length: 17 }, (_, index) => ({
      value: `Category ${index}`,
      count: 100 - index,
    }));
    render(<AdminCharts stats={makeStats({ per_category: perCategory })} />);
    // chart.js loads lazily: the charts are drawn once it has arrived.
    await waitFor(() => expect(madeCharts.map((chart) => chart.type)).toEqual(['bar', 'line', 'doughnut']));
    // Top 15 and "Other" (the two smallest: 84 + 85 agents).
    expect(madeCharts[0]!.labels).toHaveLength(16);
    const categories = screen.getByRole('table', { name: 'Agents per category' });
    expect(within(categories).getByRole('rowheader', { name: 'Other' }).nextElementSibling?.textContent).toBe(
      '169',
    );
    expect(screen.getByRole('img', { name: /^Agents per category: 17 categories/ })).toBeTruthy();
    expect(screen.getByText('40 active and 8 inactive.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'New agents and subscribers per week' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Nov 16' })).toBeTruthy();
  });
});
