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

  it('goes on to account setup with the e-mail in the state and the URL when the e-mail has no account', async () => {
    const { router } = renderRegistration([
      ...FORM_DATA,
      answer({
        success: true,
        is_existing_subscriber: false,
        message: 'Your agent is listed.',
        agent: AGENT,
      }),
    ]);
    await fillValidAgent();
    await userEvent.click(submitButton());
    await screen.findByText('Elsewhere');
    expect(currentUrl(router)).toBe('/account-setup?email=ada%40example.com');
    expect(router.state.location.state).toEqual({ email: 'ada@example.com' });
  });

  it("goes to sign-in with the server's message and the e-mail when the e-mail has an account", async () => {
    const message = 'Your agent is listed. We sent a link to ada@example.com to add it to your account.';
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
    const message = 'Your agent is listed. Open the link we sent to ada@example.com to confirm your address.';
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
      'You have already listed your free agent. Create an account and subscribe ($5/month) to add more agents.';
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
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
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
