import '../../../testing/dom-polyfills';
import { UPLOAD_TYPE_MESSAGE } from '@agentry/domain/admin-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '../../../testing/mock-fetch';
import { CSRF_TOKEN } from '../testing/admin-api';
import { callsTo, renderAdmin } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const findUpload = () => screen.findByRole('region', { name: 'Upload agents from Excel' });
const excel = (name = 'agents.xlsx') => new File(['PK'], name, { type: 'application/octet-stream' });
// The input's accept attribute would filter a wrong file out before it arrives; these tests check
// what the page does when one arrives anyway (a drop, a browser that ignores accept).
const user = () => userEvent.setup({ applyAccept: false });

describe('Admin screen: Excel upload', () => {
  it('refuses a .csv file with the spec message before sending it', async () => {
    const { fetchMock } = renderAdmin();
    const panel = await findUpload();
    await user().upload(within(panel).getByLabelText(/Drop an Excel file/), new File(['a,b'], 'agents.csv'));
    expect(within(panel).getByRole('alert').textContent).toBe(UPLOAD_TYPE_MESSAGE);
    await user().click(within(panel).getByRole('button', { name: 'Upload' }));
    expect(callsTo(fetchMock, 'POST', '/api/admin/upload')).toEqual([]);
  });

  it('refuses a dropped .csv file the same way', async () => {
    renderAdmin();
    const panel = await findUpload();
    const zone = within(panel).getByText(/Drop an Excel file/).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a,b'], 'agents.csv')] } });
    expect(within(panel).getByRole('alert').textContent).toBe(UPLOAD_TYPE_MESSAGE);
  });

  it('shows it is busy while the server reads the file, then what was added and skipped, row by row', async () => {
    const answer = deferred();
    const { fetchMock } = renderAdmin([
      {
        method: 'POST',
        path: '/api/admin/upload',
        wait: answer.promise,
        body: {
          success: true,
          added: 9998,
          skipped: 2,
          skipped_agents: [
            { row: 4, name: 'LedgerLark', reason: 'Already listed' },
            { row: 17, name: '', reason: 'Please fill in all required fields: Name' },
          ],
        },
      },
    ]);
    const panel = await findUpload();
    await user().upload(within(panel).getByLabelText(/Drop an Excel file/), excel());
    expect(within(panel).getByText('Ready: agents.xlsx')).toBeTruthy();
    await user().click(within(panel).getByRole('button', { name: 'Upload' }));
    expect(within(panel).getByRole('button', { name: 'Uploading...' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(within(panel).getByRole('status').textContent).toContain('Uploading and reading agents.xlsx');

    answer.resolve();
    expect(await within(panel).findByText('agents.xlsx: added 9,998, skipped 2.')).toBeTruthy();
    const table = within(panel).getByRole('table', { name: 'Skipped rows' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['4', 'LedgerLark', 'Already listed'],
      ['17', '(no name)', 'Please fill in all required fields: Name'],
    ]);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/admin/upload')!;
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe(CSRF_TOKEN);
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
    // Then a fresh list and fresh counts.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/stats')).toHaveLength(2));
  });

  it("says the server's reason when it refuses the file, else 'Failed to upload file'", async () => {
    renderAdmin([
      {
        method: 'POST',
        path: '/api/admin/upload',
        status: 413,
        body: { success: false, error: 'The file is too large: upload at most 10 MB at a time' },
      },
    ]);
    const panel = await findUpload();
    await user().upload(within(panel).getByLabelText(/Drop an Excel file/), excel('big.xls'));
    await user().click(within(panel).getByRole('button', { name: 'Upload' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The file is too large: upload at most 10 MB at a time',
    );
  });

  it("says 'Failed to upload file' when the server gives no reason", async () => {
    renderAdmin([{ method: 'POST', path: '/api/admin/upload', status: 500 }]);
    const panel = await findUpload();
    await user().upload(within(panel).getByLabelText(/Drop an Excel file/), excel());
    await user().click(within(panel).getByRole('button', { name: 'Upload' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Failed to upload file');
  });
});
