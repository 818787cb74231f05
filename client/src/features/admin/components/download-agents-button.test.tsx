import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const findOverview = () => screen.findByRole('region', { name: 'Overview' });

describe('Admin screen: Download All Agents', () => {
  afterEach(() => jest.restoreAllMocks());

  it('saves the relative /api/admin/download-agents answer as ai_agents.xlsx', async () => {
    // jsdom has no object URLs and does not navigate; the link's click is what the browser saves.
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:agents'), revokeObjectURL: jest.fn() });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { fetchMock } = renderAdmin([{ path: '/api/admin/download-agents', body: new Blob(['PK']) }]);
    const overview = await findOverview();
    await userEvent.click(within(overview).getByRole('button', { name: 'Download All Agents' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('ai_agents.xlsx');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:agents');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/download-agents')).toBe(true);
  });

  it("says 'Failed to download agents. Please try again.' when the download fails", async () => {
    renderAdmin([{ path: '/api/admin/download-agents', status: 500 }]);
    const overview = await findOverview();
    await userEvent.click(within(overview).getByRole('button', { name: 'Download All Agents' }));
    expect((await within(overview).findByRole('alert')).textContent).toBe(
      'Failed to download agents. Please try again.',
    );
  });
});
