import '../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { type EmployerAccess, useEmployerAccess } from '../../lib/auth/employer-access';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithRouter } from '../../testing/render';
import { makeUser } from '../../testing/users';
import { SubscribeInvitation } from './subscribe-invitation';

// What an employer without the tools is offered (session 13's newcomer try). An account that never
// subscribed was told to "Subscribe again"; a team member whose team's plan lapsed was offered a
// plan of their own, which would not bring the tools back (a member rides on the subscriber's plan
// even when paying for one).

function Invitation() {
  const access: EmployerAccess = useEmployerAccess();
  return <SubscribeInvitation access={access} />;
}

/** GET /api/auth/me of an employer, with their team (null without one). */
async function invitationFor(user: object, team: object | null = null) {
  mockFetch([{ path: '/api/auth/me', body: { success: true, user, user_type: 'employer', team } }]);
  renderWithRouter(
    <AuthProvider>
      <Invitation />
    </AuthProvider>,
  );
  return (await screen.findByText(/These tools/)).closest('.subscribe-invitation') as HTMLElement;
}

const employer = makeUser({ user_type: 'employer', organization: 'Nopay Ltd' });

describe('SubscribeInvitation', () => {
  it('offers an employer who never subscribed the plan, without "again"', async () => {
    const invitation = await invitationFor(employer);
    expect(invitation.textContent).toContain(
      'These tools need an active employer plan ($40/month). Subscribe to use them.',
    );
    expect(invitation.textContent).not.toContain('again');
    expect(screen.getByRole('link', { name: 'Subscribe for $40/month' })).toBeTruthy();
  });

  it("tells a team member that the team's plan lapsed, and offers no plan of their own", async () => {
    const invitation = await invitationFor(employer, {
      organization: 'Navy Labs',
      role: 'member',
      plan_active: false,
    });
    expect(invitation.textContent).toContain("your team's employer plan (Navy Labs), which is not active");
    expect(invitation.textContent).toContain('when the subscriber renews it');
    expect(screen.queryByRole('link', { name: /Subscribe/ })).toBeNull();
  });

  it('offers the subscriber of a team whose plan lapsed the plan again', async () => {
    await invitationFor({
      ...employer,
      team: { organization: 'Navy Labs', role: 'owner', plan_active: false },
    });
    expect(screen.getByRole('link', { name: 'Subscribe for $40/month' })).toBeTruthy();
  });
});
