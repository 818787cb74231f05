import '../../../testing/dom-polyfills';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, deferred, type FakeRoute } from '../../../testing/mock-fetch';
import { currentUrl } from '../../../testing/render';
import {
  FORM_DATA,
  fillValidAgent,
  renderRegistration,
  submitButton,
} from '../testing/registration-fixtures';

const AGENT = { id: '7', name: 'LedgerLark' };
const answer = (body: Record<string, unknown>, status = 201): FakeRoute => ({
  method: 'POST',
  path: '/api/agents',
  status,
  body,
});

describe('Registration: sending the form', () => {
  it('sends every field with the CSRF token, reading Registering... while it waits', async () => {
    const pending = deferred();
    const { fetchMock } = renderRegistration([
      ...FORM_DATA,
      {
        ...answer({ success: true, is_existing_subscriber: false, message: 'Listed', agent: AGENT }),
        wait: pending.promise,
      },
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    expect(submitButton().textContent).toBe('Registering...');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === '/api/agents' && request?.method)!;
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'ada@example.com',
      name: 'LedgerLark',
      provider: 'Quillstone Labs',
      category: 'Finance',
      newCategory: '',
      role: 'Bookkeeper',
      newRole: '',
      description: 'Reconciles bank statements every night.',
      cost: '$20/month',
      address: 'ledgerlark.example',
    });
    await act(async () => pending.resolve());
  });

  it("goes on to account setup with the e-mail and the server's word on the agent, whatever the address has", async () => {
    // The server answers the same for every address to anyone but its signed-in account.
    const message =
      'Your agent is registered. We sent a message to ada@example.com with the next step: the agent is listed once the link in it is opened, within 7 days.';
    const { router } = renderRegistration([
      ...FORM_DATA,
      answer({
        success: true,
        is_existing_subscriber: false,
        owned: false,
        listed: false,
        message,
        agent: AGENT,
      }),
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/account-setup?email=ada%40example.com');
    expect(router.state.location.state).toEqual({ email: 'ada@example.com', message });
  });

  it('goes on to account setup with the review message when registered without an e-mail', async () => {
    const message =
      'Your agent is registered. Without an e-mail address it is listed once our staff have reviewed it.';
    const { router } = renderRegistration([
      ...FORM_DATA,
      answer({
        success: true,
        is_existing_subscriber: false,
        owned: false,
        listed: false,
        message,
        agent: AGENT,
      }),
    ]);
    await fillValidAgent('');
    await userEvent.click(submitButton());
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/account-setup');
    expect(router.state.location.state).toEqual({ message });
  });

  it('says so when a second registration without an e-mail comes the same day', async () => {
    const error =
      'You can register one agent without an e-mail address a day. Add your e-mail address to register another now, or try again tomorrow.';
    renderRegistration([...FORM_DATA, answer({ error }, 429)]);
    await fillValidAgent('');
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(error);
  });

  it("goes to sign-in with the server's message and the e-mail when the server says the e-mail has an account", async () => {
    const message = 'Your agent is registered.';
    const { router } = renderRegistration([
      ...FORM_DATA,
      answer({ success: true, is_existing_subscriber: true, message, agent: AGENT }),
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/signin');
    expect(router.state.location.state).toEqual({ message, email: 'ada@example.com' });
  });

  it("goes to the dashboard when the agent is already the signed-in owner's", async () => {
    const message = 'Your agent is listed and added to your account.';
    const { router } = renderRegistration([
      ...FORM_DATA,
      answer({ success: true, is_existing_subscriber: true, owned: true, message, agent: AGENT }),
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ message });
  });

  it('goes to the dashboard when the signed-in account registered under its own address', async () => {
    const message =
      'Your agent is registered. Open the link we sent to ada@example.com to confirm your address: the agent is then listed and joins your dashboard.';
    const me: FakeRoute = {
      path: '/api/auth/me',
      body: {
        success: true,
        user: {
          id: 'u1',
          email: 'ada@example.com',
          full_name: 'Ada',
          organization: 'A',
          user_type: 'agent_provider',
        },
      },
    };
    const { router } = renderRegistration(
      [
        ...FORM_DATA,
        answer({ success: true, is_existing_subscriber: true, owned: false, message, agent: AGENT }),
      ],
      { me },
    );
    await screen.findByDisplayValue('ada@example.com');
    await fillValidAgent('');
    await userEvent.click(submitButton());
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ message });
  });

  it("shows the server's message and Create Account & Subscribe when the free listing is used", async () => {
    const message =
      'An agent is already registered under this e-mail address. To add more, sign in to the account of this address, or create it, and subscribe to the provider plan ($5/month).';
    const { router } = renderRegistration([
      ...FORM_DATA,
      answer({ success: false, error: message, message, requires_subscription: true }, 409),
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain(message);
    expect(document.activeElement).toBe(prompt);
    await userEvent.click(within(prompt).getByRole('button', { name: 'Create Account & Subscribe' }));
    expect(currentUrl(router)).toBe('/account-setup?email=ada%40example.com');
    expect(router.state.location.state).toEqual({ email: 'ada@example.com' });
  });

  it("shows the server's text, without the prompt, when the agent is already listed", async () => {
    renderRegistration([...FORM_DATA, answer({ error: 'This agent is already listed.' }, 409)]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('This agent is already listed.');
    expect(screen.queryByRole('button', { name: 'Create Account & Subscribe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'This is my product' })).toBeNull();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets the maker of a listing nobody owns report it to staff, checked as the server checks it', async () => {
    const { fetchMock } = renderRegistration([
      ...FORM_DATA,
      answer(
        {
          error: 'An agent named LedgerLark from Quillstone Labs is already listed',
          unclaimed_listing: { agent_id: '42', ways: ['report'] },
        },
        409,
      ),
      {
        method: 'POST',
        path: '/api/agents/42/ownership-reports',
        status: 201,
        body: { success: true, message: 'Thank you. Our staff read your report and answer you by e-mail.' },
      },
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    await screen.findByRole('alert');
    const report = screen.getByRole('region', { name: 'Is this your product?' });
    await userEvent.click(within(report).getByRole('button', { name: 'This is my product' }));
    const form = within(report).getByRole('form', { name: 'This is my product' });
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to our staff' }));
    expect(within(form).getByText('Your name is required')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Your name'));
    expect(calls(fetchMock)).not.toContain('POST /api/agents/42/ownership-reports');

    await userEvent.type(within(form).getByLabelText('Your name'), 'Ada Lovelace');
    await userEvent.type(within(form).getByLabelText('How is this product yours?'), 'We make it.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to our staff' }));
    expect(
      await screen.findByText('Thank you. Our staff read your report and answer you by e-mail.'),
    ).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/agents/42/ownership-reports')!;
    expect((init!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Ada Lovelace',
      organization: '',
      email: 'ada@example.com',
      message: 'We make it.',
    });
  });

  it('puts the field errors of a 400 on their fields and focuses the first', async () => {
    renderRegistration([
      ...FORM_DATA,
      answer(
        {
          error: 'Description contains invalid content',
          errors: { description: 'Description contains invalid content' },
        },
        400,
      ),
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    const description = screen.getByLabelText('Description');
    expect(
      await screen.findByText('Description contains invalid content', { selector: '.form-field__error' }),
    ).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(description);
  });

  it.each([
    ['the server gives no text', answer({}, 500)],
    [
      'the server cannot be reached',
      { method: 'POST', path: '/api/agents', networkError: true } as FakeRoute,
    ],
  ])("says 'Failed to register agent' when %s", async (_, route) => {
    const { fetchMock } = renderRegistration([...FORM_DATA, route]);
    await fillValidAgent('');
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to register agent');
    expect(calls(fetchMock)).toContain('POST /api/agents');
  });
});
