import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReindexJob } from '../api/reindex';
import { CSRF_TOKEN } from '../testing/admin-api';
import { callsTo, renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const RUNNING: ReindexJob = {
  id: 'j1',
  state: 'running',
  done: 400,
  total: 1000,
  documents: 0,
  started_at: '2026-11-23T10:00:00.000Z',
  finished_at: null,
  error: null,
  started_by: 'grace',
  heartbeat_at: '2026-11-23T10:00:00.000Z',
};
const DONE: ReindexJob = {
  ...RUNNING,
  state: 'done',
  done: 1000,
  documents: 1000,
  finished_at: '2026-11-23T10:00:05.000Z',
};

describe('Admin screen: reindex', () => {
  it('starts a reindex, shows its progress, and follows it every second until it is done', async () => {
    let job: ReindexJob | null = null;
    const { fetchMock } = renderAdmin([
      {
        method: 'POST',
        path: '/api/admin/reindex',
        status: 202,
        get body() {
          job = RUNNING;
          return { success: true, job };
        },
      },
      {
        path: '/api/admin/reindex',
        get body() {
          const answer = { success: true, job };
          if (job === RUNNING) job = DONE;
          return answer;
        },
      },
    ]);
    const panel = await screen.findByRole('region', { name: 'Search index' });
    expect(await within(panel).findByText('No reindex has run yet.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Reindex' }));
    const bar = await within(panel).findByRole('progressbar', { name: '400 of 1,000 agents' });
    expect(bar.getAttribute('value')).toBe('400');
    expect(requestOf(fetchMock, 'POST', '/api/admin/reindex').headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
    const auditReadsBefore = callsTo(fetchMock, 'GET', '/api/admin/audit').length;
    expect(await within(panel).findByText(/1,000 documents indexed/, {}, { timeout: 3000 })).toBeTruthy();
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    // The finished job wrote an audit entry: the log reads itself again.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/admin/audit').length).toBeGreaterThan(auditReadsBefore),
    );
  });

  it('follows the running job when one was started already (409)', async () => {
    renderAdmin([
      {
        method: 'POST',
        path: '/api/admin/reindex',
        status: 409,
        body: { success: false, error: 'A reindex is already running', job: RUNNING },
      },
    ]);
    const panel = await screen.findByRole('region', { name: 'Search index' });
    await within(panel).findByText('No reindex has run yet.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reindex' }));
    expect(await within(panel).findByRole('progressbar')).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toBe('A reindex is already running');
  });
});
