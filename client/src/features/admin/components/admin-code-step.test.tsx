import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN, signedOut } from '../testing/admin-api';
import { callsTo, renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

// The admin login's second step (issue 21): an account with two-factor sign-in answers the password
// with a request for the code; the code goes with the token of the session that waits for it.

const CODE_REQUIRED = {
  method: 'POST' as const,
  path: '/api/admin/login',
  body: {
    success: false,
    totp_required: true,
    message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    csrf_token: 'pending-csrf',
  },
};

async function passwordStep() {
  await userEvent.type(await screen.findByLabelText(/Username/), 'grace');
  await userEvent.type(screen.getByLabelText(/Password/), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' });
}

async function sendCode(code: string) {
  await userEvent.type(screen.getByLabelText(/^Code/), code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('Admin screen: two-factor sign-in', () => {
  it('asks for the code after a right password, with the server words, and focuses the step', async () => {
    renderAdmin([signedOut, CODE_REQUIRED]);
    const heading = await passwordStep();
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.'),
    ).toBeTruthy();
    const input = screen.getByLabelText(/^Code/) as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).toBeNull();
  });

  it('signs in with the code, sent with the waiting session token', async () => {
    const { fetchMock } = renderAdmin([
      signedOut,
      CODE_REQUIRED,
      {
        method: 'POST',
        path: '/api/admin/login/totp',
        body: { success: true, admin: { username: 'grace' }, csrf_token: CSRF_TOKEN },
      },
    ]);
    await passwordStep();
    await sendCode('123 456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeTruthy();
    const sent = requestOf(fetchMock, 'POST', '/api/admin/login/totp');
    expect(sent.body).toEqual({ code: '123 456' });
    expect(sent.headers['X-CSRF-Token']).toBe('pending-csrf');
  });

  it('says a wrong code is wrong and stays on the step', async () => {
    renderAdmin([
      signedOut,
      CODE_REQUIRED,
      {
        method: 'POST',
        path: '/api/admin/login/totp',
        status: 401,
        body: { success: false, error: 'Invalid code' },
      },
    ]);
    await passwordStep();
    await sendCode('000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeTruthy();
  });

  it('goes back to the password, saying why, when the server ended the waiting sign-in', async () => {
    const why = 'Invalid code. Your sign-in has timed out. Please enter your username and password again.';
    renderAdmin([
      signedOut,
      CODE_REQUIRED,
      { method: 'POST', path: '/api/admin/login/totp', status: 401, body: { success: false, error: why } },
    ]);
    await passwordStep();
    await sendCode('000000');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Admin login' });
    expect(screen.getByText(why)).toBeTruthy();
    expect(document.activeElement).toBe(heading);
  });

  it('asks for a code before sending anything, and Back returns to the password', async () => {
    const { fetchMock } = renderAdmin([signedOut, CODE_REQUIRED]);
    await passwordStep();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/login/totp')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin login' })).toBeTruthy();
  });
});
