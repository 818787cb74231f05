import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { JoinTeamPage } from './join-team-page';

// /join-team?token=… (issue 28): the invitation's page, for the invited address's account, for a
// newcomer who creates it here, for another account, and for a link that no longer works.

const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };
const PREVIEW: FakeRoute = {
  path: '/api/team-invitations/tok-abc',
  body: {
    success: true,
    organization: 'Acme Hiring',
    invited_by: 'Grace Hopper',
    email: 'alan@acme.example',
    expires_at: '2026-12-04T10:00:00.000Z',
  },
};
const ALAN = {
  id: 'u2',
  email: 'alan@acme.example',
  full_name: 'Alan Turing',
  organization: 'Acme Hiring',
  user_type: 'employer',
  subscription_status: 'inactive',
  email_verified: false,
};
const ACCEPTED: FakeRoute = {
  method: 'POST',
  path: '/api/team-invitations/accept',
  body: { success: true, organization: { id: 'o1', name: 'Acme Hiring' } },
};

function renderPage(routes: FakeRoute[], url = '/join-team?token=tok-abc') {
  const fetchMock = mockFetch([CSRF, ...routes]);
  renderWithRouter(
    <AuthProvider>
      <JoinTeamPage />
    </AuthProvider>,
    { url, path: '/join-team' },
  );
  return fetchMock;
}

describe('JoinTeamPage', () => {
  it('lets the invited address’s account join with one click', async () => {
    const fetchMock = renderPage([
      PREVIEW,
      { path: '/api/auth/me', body: { success: true, user: ALAN, user_type: 'employer', team: null } },
      ACCEPTED,
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Hiring' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Acme Hiring' }));
    expect(await screen.findByText(/You are now a member of Acme Hiring/)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/team-invitations/accept')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ token: 'tok-abc' });
    expect((call[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
  });

  it('offers a newcomer to sign in or create the account of the invited address, then joins', async () => {
    const fetchMock = renderPage([
      PREVIEW,
      { path: '/api/auth/me', body: { success: false, user: null } },
      {
        method: 'POST',
        path: '/api/users',
        status: 201,
        body: { success: true, user_id: 'u2', user: ALAN, user_type: 'employer', csrf_token: 'tok-2' },
      },
      ACCEPTED,
    ]);
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Full name'), 'Alan Turing');
    await userEvent.type(screen.getByLabelText(/^Password/), 'enigma machine 1936');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join Acme Hiring' }));
    expect(await screen.findByText(/You are now a member of Acme Hiring/)).toBeTruthy();
    const created = fetchMock.mock.calls.find(([url]) => url === '/api/users')!;
    expect(JSON.parse(String(created[1]!.body))).toMatchObject({
      email: 'alan@acme.example',
      organization: 'Acme Hiring',
      user_type: 'employer',
    });
  });

  it('tells another account whose invitation it is, and sends nothing', async () => {
    const fetchMock = renderPage([
      PREVIEW,
      {
        path: '/api/auth/me',
        body: {
          success: true,
          user: { ...ALAN, email: 'eve@elsewhere.example' },
          user_type: 'employer',
          team: null,
        },
      },
    ]);
    expect(await screen.findByText(/This invitation was sent to alan@acme.example/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/team-invitations/accept')).toBe(false);
  });

  it('says so when the link no longer works', async () => {
    renderPage([
      {
        path: '/api/team-invitations/tok-abc',
        status: 404,
        body: { error: 'This invitation link is not valid' },
      },
      { path: '/api/auth/me', body: { success: false, user: null } },
    ]);
    expect(await screen.findByText('This invitation link is not valid')).toBeTruthy();
  });
});
