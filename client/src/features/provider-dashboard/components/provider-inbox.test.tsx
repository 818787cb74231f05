import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inboxAnswer, makeContactRequest } from '../../../testing/contact-requests';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { ProviderInbox } from './provider-inbox';

const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const DEMO = makeContactRequest({ id: 'r1', status: 'new' });
const CONTACT = makeContactRequest({
  id: 'r2',
  kind: 'contact',
  agent_name: 'ReplyRanch',
  message: 'Does it speak Portuguese?',
  preferred_times: null,
  contact_name: 'Ada Lovelace',
  company: 'Analytical Engines',
  contact_email: 'ada@example.com',
  contact_phone: '+44 20 7946 0000',
  status: 'replied',
  replies: [{ at: '2026-11-21T09:00:00.000Z', by: 'provider', body: 'Yes, and Spanish.' }],
});
const COUNTS = { new: 1, replied: 1, closed: 4 };
const ALL: FakeRoute = {
  path: '/api/users/inbox?limit=20&offset=0',
  body: inboxAnswer([DEMO, CONTACT], COUNTS),
};

function renderInbox(routes: FakeRoute[]) {
  const fetchMock = mockFetch([CSRF, ...routes]);
  render(<ProviderInbox />);
  return fetchMock;
}

const request = (name: string) => screen.getByRole('article', { name });
const requestOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const found = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  if (!found) throw new Error(`No ${method} ${path}`);
  return { body: JSON.parse(String(found[1]!.body)), headers: found[1]!.headers as Record<string, string> };
};

describe('Provider inbox', () => {
  it('lists each request with who sent it, the message as text, and the counts by status', async () => {
    renderInbox([ALL]);
    const demo = await screen.findByRole('article', { name: 'Demo request about LedgerLark' });
    expect(within(demo).getByText('Can it reconcile <b>two</b> ledgers a day?')).toBeTruthy();
    expect(within(demo).getByText('Grace Hopper, Navy Labs')).toBeTruthy();
    expect(within(demo).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      'mailto:grace@example.com',
    );
    expect(within(demo).getByText('Tuesday mornings')).toBeTruthy();
    expect(within(demo).getByText('New')).toBeTruthy();
    const contact = request('Contact about ReplyRanch');
    expect(within(contact).getByText('+44 20 7946 0000')).toBeTruthy();
    expect(within(contact).getByText('Yes, and Spanish.')).toBeTruthy();
    const filters = screen.getByRole('group', { name: 'Show requests by status' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All (6)', 'New (1)', 'Replied (1)', 'Closed (4)']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Inbox (1 new)');
  });

  it('filters by status', async () => {
    const fetchMock = renderInbox([
      ALL,
      { path: '/api/users/inbox?status=closed&limit=20&offset=0', body: inboxAnswer([], COUNTS) },
    ]);
    await screen.findByRole('article', { name: 'Demo request about LedgerLark' });
    const closed = screen.getByRole('button', { name: 'Closed (4)' });
    await userEvent.click(closed);
    expect(closed.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('No closed requests.')).toBeTruthy();
    expect(calls(fetchMock)).toContain('GET /api/users/inbox?status=closed&limit=20&offset=0');
  });

  it('sends a reply with the CSRF token: it shows under the request, which is then marked replied', async () => {
    const replied = {
      ...DEMO,
      status: 'replied',
      replies: [{ at: '2026-11-22T09:00:00.000Z', by: 'provider', body: 'Yes: see you Tuesday.' }],
    };
    const fetchMock = renderInbox([
      ALL,
      { method: 'POST', path: '/api/users/inbox/r1/reply', body: { success: true, request: replied } },
    ]);
    const demo = await screen.findByRole('article', { name: 'Demo request about LedgerLark' });
    await userEvent.click(within(demo).getByRole('button', { name: 'Reply' }));
    const field = within(demo).getByLabelText('Your reply');
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, '  Yes: see you Tuesday.  ');
    expect(within(demo).getByText('25 / 2,000 characters')).toBeTruthy();
    await userEvent.click(within(demo).getByRole('button', { name: 'Send reply' }));

    const reply = await within(demo).findByText('Yes: see you Tuesday.');
    await waitFor(() => expect(document.activeElement).toBe(reply.closest('li')));
    expect(within(demo).getByText('Replied')).toBeTruthy();
    expect(within(demo).queryByLabelText('Your reply')).toBeNull();
    const sent = requestOf(fetchMock, 'POST', '/api/users/inbox/r1/reply');
    expect(sent.body).toEqual({ message: 'Yes: see you Tuesday.' });
    expect(sent.headers['X-CSRF-Token']).toBe('tok-1');
    expect(screen.getByRole('button', { name: 'New (0)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replied (2)' })).toBeTruthy();
  });

  it("says the server's reason when a reply fails, and keeps what was written", async () => {
    renderInbox([
      ALL,
      {
        method: 'POST',
        path: '/api/users/inbox/r1/reply',
        status: 400,
        body: { success: false, error: 'A reply has at most 2000 characters' },
      },
    ]);
    const demo = await screen.findByRole('article', { name: 'Demo request about LedgerLark' });
    await userEvent.click(within(demo).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(demo).getByLabelText('Your reply'), 'Hello');
    await userEvent.click(within(demo).getByRole('button', { name: 'Send reply' }));
    expect(await within(demo).findByText('A reply has at most 2000 characters')).toBeTruthy();
    expect((within(demo).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('changes the status with the CSRF token and moves focus to the new status', async () => {
    const fetchMock = renderInbox([
      ALL,
      {
        method: 'PUT',
        path: '/api/users/inbox/r1/status',
        body: { success: true, request: { ...DEMO, status: 'closed' } },
      },
    ]);
    const demo = await screen.findByRole('article', { name: 'Demo request about LedgerLark' });
    await userEvent.click(within(demo).getByRole('button', { name: 'Close request' }));
    const status = await within(demo).findByText('Closed');
    await waitFor(() => expect(document.activeElement).toBe(status.closest('p')));
    expect(within(demo).getByRole('button', { name: 'Mark as new' })).toBeTruthy();
    expect(within(demo).queryByRole('button', { name: 'Close request' })).toBeNull();
    const sent = requestOf(fetchMock, 'PUT', '/api/users/inbox/r1/status');
    expect(sent.body).toEqual({ status: 'closed' });
    expect(sent.headers['X-CSRF-Token']).toBe('tok-1');
    expect(screen.getByRole('button', { name: 'Closed (5)' })).toBeTruthy();
  });

  it('says when the inbox cannot be loaded, and tries again', async () => {
    const fetchMock = renderInbox([{ path: '/api/users/inbox?limit=20&offset=0', status: 500 }]);
    expect(await screen.findByText('We could not load the requests.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load the requests again' }));
    await waitFor(() =>
      expect(calls(fetchMock).filter((call) => call.startsWith('GET /api/users/inbox'))).toHaveLength(2),
    );
  });

  it('after filing a request out of the shown status, reads the next page from where the server list now is', async () => {
    const fresh = Array.from({ length: 20 }, (_, i) =>
      makeContactRequest({ id: `n${i}`, status: 'new', agent_name: `Agent ${i}` }),
    );
    const firstPage = { ...inboxAnswer(fresh, { new: 25, replied: 0, closed: 0 }), total: 25 };
    const fetchMock = renderInbox([
      { path: '/api/users/inbox?limit=20&offset=0', body: firstPage },
      { path: '/api/users/inbox?status=new&limit=20&offset=0', body: firstPage },
      {
        path: /^\/api\/users\/inbox\?status=new&limit=20&offset=\d+$/,
        body: inboxAnswer([], { new: 24, replied: 1, closed: 0 }),
      },
      {
        method: 'PUT',
        path: '/api/users/inbox/n0/status',
        body: { success: true, request: { ...fresh[0]!, status: 'closed' } },
      },
    ]);
    await screen.findByRole('article', { name: 'Demo request about Agent 0' });
    await userEvent.click(screen.getByRole('button', { name: /^New/ }));
    const first = await screen.findByRole('article', { name: 'Demo request about Agent 0' });
    await userEvent.click(within(first).getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(within(first).getByText('Closed')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: /Show more/ }));
    // 20 shown, 1 of them no longer new: the server's new list has moved up by one.
    await waitFor(() =>
      expect(calls(fetchMock)).toContain('GET /api/users/inbox?status=new&limit=20&offset=19'),
    );
  });
});
