import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '../api/get-audit-log';
import { callsTo, renderAdmin } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const UPDATE: AuditEntry = {
  id: 'e1',
  at: '2026-11-23T10:00:00.000Z',
  actor: 'grace',
  action: 'update',
  entity_type: 'agent',
  entity_id: 'a1',
  entity_label: 'LedgerLark',
  before: { name: 'LedgerLark', status: null, cost: '$29/month' },
  after: { name: 'LedgerLark', status: 'Verified', cost: '$29/month' },
};

describe('Admin screen: audit log', () => {
  it('shows who changed what, an update as the fields it changed, before → after', async () => {
    renderAdmin([
      { path: '/api/admin/audit?limit=50&offset=0', body: { success: true, entries: [UPDATE], total: 1 } },
    ]);
    const panel = await screen.findByRole('region', { name: 'Audit log' });
    const table = await within(panel).findByRole('table', { name: 'Audit log entries' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.slice(1).map((cell) => cell.textContent)).toEqual([
      'grace',
      'update',
      'agent LedgerLark',
      'status: (empty) → changed to Verified',
    ]);
  });

  it('filters by entity type, action and actor, and pages 50 at a time', async () => {
    const { fetchMock } = renderAdmin([
      { path: /^\/api\/admin\/audit\?/, body: { success: true, entries: [UPDATE], total: 120 } },
    ]);
    const panel = await screen.findByRole('region', { name: 'Audit log' });
    await within(panel).findByRole('table');
    await userEvent.selectOptions(within(panel).getByLabelText('Entity type'), 'agent');
    await userEvent.selectOptions(within(panel).getByLabelText('Action'), 'subscription status');
    await userEvent.type(within(panel).getByLabelText('Actor'), 'grace');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(
        callsTo(
          fetchMock,
          'GET',
          '/api/admin/audit?limit=50&offset=0&entity_type=agent&action=subscription_status&actor=grace',
        ),
      ).toHaveLength(1),
    );
    expect(within(panel).getByText('Entries 1–50 of 120')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        callsTo(
          fetchMock,
          'GET',
          '/api/admin/audit?limit=50&offset=50&entity_type=agent&action=subscription_status&actor=grace',
        ),
      ).toHaveLength(1),
    );
    expect(await within(panel).findByText('Entries 51–100 of 120')).toBeTruthy();
  });
});
