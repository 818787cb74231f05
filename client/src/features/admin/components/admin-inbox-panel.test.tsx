import '../../../testing/dom-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeContactRequest } from '../../../testing/contact-requests';
import { CSRF_TOKEN } from '../testing/admin-api';
import { renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const REQUEST = makeContactRequest({
  id: 'r9',
  agent_name: 'OrphanOwl',
  kind: 'contact',
  preferred_times: null,
});

describe('Admin screen: inbox', () => {
  it('lists the requests about unowned agents with their counts', async () => {
    renderAdmin([], { inbox: [REQUEST] });
    const inbox = await screen.findByRole('region', { name: /^Inbox/ });
    const request = await within(inbox).findByRole('article', { name: 'Contact about OrphanOwl' });
    expect(within(request).getByText('Can it reconcile <b>two</b> ledgers a day?')).toBeTruthy();
    expect(within(inbox).getByRole('button', { name: 'New (1)' })).toBeTruthy();
  });

  it("replies with the admin session's CSRF token", async () => {
    const replied = {
      ...REQUEST,
      status: 'replied',
      replies: [{ at: '2026-11-22T09:00:00.000Z', by: 'admin', body: 'We will ask the provider.' }],
    };
    const { fetchMock } = renderAdmin(
      [{ method: 'POST', path: '/api/admin/inbox/r9/reply', body: { success: true, request: replied } }],
      { inbox: [REQUEST] },
    );
    const request = await screen.findByRole('article', { name: 'Contact about OrphanOwl' });
    await userEvent.click(within(request).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(request).getByLabelText('Your reply'), 'We will ask the provider.');
    await userEvent.click(within(request).getByRole('button', { name: 'Send reply' }));
    expect(await within(request).findByText('We will ask the provider.')).toBeTruthy();
    expect(within(request).getByText(/The Rolecall team replied/)).toBeTruthy();
    const sent = requestOf(fetchMock, 'POST', '/api/admin/inbox/r9/reply');
    expect(sent.body).toEqual({ message: 'We will ask the provider.' });
    expect(sent.headers['X-CSRF-Token']).toBe(CSRF_TOKEN);
  });
});
