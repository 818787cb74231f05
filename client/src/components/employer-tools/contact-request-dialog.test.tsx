import '../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { makeContactRequest } from '../../testing/contact-requests';
import { calls, type FakeRoute, mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { ContactAction } from './agent-actions';

const EMPLOYER = {
  id: 'u9',
  email: 'grace@example.com',
  full_name: 'Grace Hopper',
  organization: 'Navy Labs',
  phone: null,
  user_type: 'employer',
  subscription_status: 'active',
};
const me = (user: object): FakeRoute => ({ path: '/api/auth/me', body: { success: true, user } });
const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const SENT: FakeRoute = {
  method: 'POST',
  path: '/api/contact-requests',
  status: 201,
  body: { success: true, request: makeContactRequest() },
};

function renderContact(routes: FakeRoute[], user: object | null = EMPLOYER) {
  const fetchMock = mockFetch([
    CSRF,
    user ? me(user) : { path: '/api/auth/me', body: { success: false, user: null } },
    ...routes,
  ]);
  renderWithRouter(
    <AuthProvider>
      <ContactAction agent={{ id: 'a1', name: 'LedgerLark' }} />
    </AuthProvider>,
  );
  return fetchMock;
}

async function openDialog() {
  const opener = await screen.findByRole('button', { name: 'Contact / Request demo (LedgerLark)' });
  await userEvent.click(opener);
  return screen.getByRole('dialog', { name: 'Contact the provider of LedgerLark' });
}

function sentRequest(fetchMock: ReturnType<typeof mockFetch>) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === '/api/contact-requests' && init?.method === 'POST',
  );
  if (!call) throw new Error('No POST /api/contact-requests');
  return { body: JSON.parse(String(call[1]!.body)), headers: call[1]!.headers as Record<string, string> };
}

describe('Contact / Request demo', () => {
  it('requests a demo with the message and preferred times, sending the CSRF token, then says it was sent', async () => {
    const fetchMock = renderContact([SENT]);
    const dialog = await openDialog();
    const message = within(dialog).getByLabelText('Message');
    expect(document.activeElement).toBe(message);
    expect(
      within(dialog).getByText('Sent with your profile: Grace Hopper, Navy Labs, grace@example.com'),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Preferred times/)).toBeNull();
    await userEvent.click(within(dialog).getByLabelText('Request a demo'));
    await userEvent.type(message, '  Could we see it on our ledgers?  ');
    expect(within(dialog).getByText('35 / 2,000 characters')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Preferred times/), 'Tuesdays, CET');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request demo' }));

    const done = await within(dialog).findByText('Your demo request about LedgerLark was sent.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(done).toBeTruthy();
    const sent = sentRequest(fetchMock);
    expect(sent.body).toEqual({
      agent_id: 'a1',
      kind: 'demo',
      message: 'Could we see it on our ledgers?',
      preferred_times: 'Tuesdays, CET',
    });
    expect(sent.headers['X-CSRF-Token']).toBe('tok-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Contact / Request demo (LedgerLark)' }),
    );
  });

  it('sends a contact message without preferred times', async () => {
    const fetchMock = renderContact([SENT]);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText('Request a demo'));
    await userEvent.type(within(dialog).getByLabelText(/Preferred times/), 'Mornings');
    await userEvent.click(within(dialog).getByLabelText('Contact the provider'));
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await within(dialog).findByText('Your message about LedgerLark was sent.');
    expect(sentRequest(fetchMock).body).toEqual({ agent_id: 'a1', kind: 'contact', message: 'Hello' });
  });

  it('says the provider replies by e-mail when the agent has one', async () => {
    renderContact([SENT]);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await within(dialog).findByText('Your message about LedgerLark was sent.');
    expect(within(dialog).getByText(/^The provider replies by e-mail\./)).toBeTruthy();
  });

  it('tells the employer that a request about an agent nobody claimed went to staff, not a provider', async () => {
    renderContact([
      {
        ...SENT,
        body: { success: true, request: { ...makeContactRequest(), kind: 'contact', sent_to: 'admin' } },
      },
    ]);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await within(dialog).findByText('Your message about LedgerLark was sent to the Rolecall team.');
    expect(within(dialog).queryByText(/provider replies/)).toBeNull();
    expect(
      within(dialog).getByText(
        /Nobody has claimed this agent on Rolecall yet, so there is no provider to pass it to/,
      ),
    ).toBeTruthy();
  });

  it('asks for a message before sending anything', async () => {
    const fetchMock = renderContact([SENT]);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(within(dialog).getByText('Please write a message')).toBeTruthy();
    expect(within(dialog).getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock)).not.toContain('POST /api/contact-requests');
    // The message's error goes as soon as one is written, not at the next send.
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    expect(within(dialog).queryByText('Please write a message')).toBeNull();
  });

  it('tells an employer with an unconfirmed address before the message is written, with a resend', async () => {
    renderContact([SENT], { ...EMPLOYER, email_verified: false });
    const dialog = await openDialog();
    const banner = within(dialog).getByRole('region', { name: 'E-mail confirmation' });
    expect(banner.textContent).toContain('Requests to providers need a confirmed address.');
    expect(within(banner).getByRole('button', { name: 'Resend link' })).toBeTruthy();
  });

  it.each([
    [
      409,
      'You have just sent a request about this agent. Please wait 10 minutes before sending another, or wait for the reply.',
    ],
    [429, 'You have sent 10 requests in the last hour. Please wait a while before sending more.'],
  ])("says the server's reason when it answers %i, keeping the message", async (status, error) => {
    renderContact([
      { method: 'POST', path: '/api/contact-requests', status, body: { success: false, error } },
    ]);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(error);
    expect((within(dialog).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello again');
  });

  it('invites an employer whose subscription ended (the server says so) to subscribe again', async () => {
    renderContact([
      {
        method: 'POST',
        path: '/api/contact-requests',
        status: 403,
        body: { success: false, error: 'Needs a subscription', requires_subscription: true },
      },
    ]);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(
      (await within(dialog).findByRole('link', { name: 'Subscribe for $40/month' })).getAttribute('href'),
    ).toBe('/account-setup');
  });

  it('shows a visitor what it takes instead of the form', async () => {
    renderContact([], null);
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText('Message')).toBeNull();
    expect(
      within(dialog).getByRole('link', { name: 'Create an employer account' }).getAttribute('href'),
    ).toBe('/employer-signup');
  });
});
