import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN } from '../testing/admin-api';
import { renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const panel = () => screen.findByRole('region', { name: 'Provider spellings' });

const GROUPS = [
  {
    key: 'microsoft',
    spellings: [
      { provider: 'microsoft.com', agents: 5 },
      { provider: 'microsoft', agents: 2 },
    ],
  },
  {
    key: 'openai',
    spellings: [
      { provider: 'openai.com', agents: 1 },
      { provider: 'openai', agents: 1 },
    ],
  },
];

describe('Admin screen: provider spellings', () => {
  it('lists each group with its counts and merges the others into the chosen spelling after a confirmation', async () => {
    const user = userEvent.setup();
    let merged = false;
    const { fetchMock } = renderAdmin([
      {
        path: '/api/admin/providers/duplicates',
        get body() {
          return { success: true, complete: true, groups: merged ? GROUPS.slice(1) : GROUPS };
        },
      },
      {
        method: 'POST',
        path: '/api/admin/providers/merge',
        get body() {
          merged = true;
          return {
            success: true,
            into: 'microsoft',
            moved: 4,
            clashed: [{ id: '9', name: 'Copilot', provider: 'microsoft.com' }],
            clashed_total: 1,
            remaining: false,
          };
        },
      },
    ]);
    const section = await panel();
    const group = (
      await within(section).findByRole('group', { name: 'Keep which spelling of “microsoft.com”?' })
    ).parentElement!;
    expect(within(group).getByRole('radio', { name: 'microsoft.com 5 agents' })).toHaveProperty(
      'checked',
      true,
    );

    await user.click(within(group).getByRole('radio', { name: 'microsoft 2 agents' }));
    await user.click(within(group).getByRole('button', { name: 'Merge into microsoft' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge into microsoft?' });
    expect(dialog.textContent).toContain('5 agents of “microsoft.com” will show “microsoft”');
    // Nothing is sent before the confirmation.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    const outcome = await within(section).findByRole('status');
    expect(outcome.textContent).toContain('4 agents now show microsoft.');
    expect(outcome.textContent).toContain('Copilot (microsoft.com)');
    const request = requestOf(fetchMock, 'POST', '/api/admin/providers/merge');
    expect(request.headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
    expect(request.body).toEqual({ from: ['microsoft.com'], into: 'microsoft' });
    // The list is read again: the merged group is gone.
    expect(await within(section).findByRole('button', { name: 'Merge into openai.com' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Merge into microsoft/ })).toBeNull();
  });

  it('keeps the dialog open with the reason when the merge fails', async () => {
    const user = userEvent.setup();
    renderAdmin([
      {
        path: '/api/admin/providers/duplicates',
        body: { success: true, complete: true, groups: GROUPS.slice(1) },
      },
      {
        method: 'POST',
        path: '/api/admin/providers/merge',
        status: 400,
        body: { success: false, error: 'Merge at most 20 spellings at once' },
      },
    ]);
    const section = await panel();
    await user.click(await within(section).findByRole('button', { name: 'Merge into openai.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge into openai.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Merge at most 20 spellings at once',
    );
  });

  it('says when nothing is written two ways', async () => {
    renderAdmin();
    const section = await panel();
    expect(await within(section).findByText('No provider is written in more than one way.')).toBeTruthy();
  });
});
