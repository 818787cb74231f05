import type { InvitationPreview } from '@agentry/domain/contract/team';
import { normalizeEmail } from '@agentry/domain/email';
import { TEAM_MESSAGES, TEAM_SEATS } from '@agentry/domain/team';
import {
  type Invitation,
  type Organization,
  TeamConflictError,
  type User,
} from '@agentry/platform/store/port';
import { hashToken, isTokenShaped } from '../../auth/one-time-tokens';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Action, Query } from '../command';
import type { Services } from '../services';

// The colleague's side of a team invitation (issue 28): the link's page reads it (who invites, to
// which organization, for which address), and the account of that address accepts it, once. A
// member's account is an employer account with no plan of its own: the subscriber's plan carries
// it while it is a member (policies/employer-scope.ts).

/** The live invitation the link names; 404 for any link that is not one (unknown, used, expired, cancelled). */
async function liveInvitation(
  services: Services,
  token: string,
): Promise<{ invitation: Invitation; organization: Organization }> {
  const invitation = isTokenShaped(token)
    ? await services.store.teams.findInvitation(hashToken(token), new Date(services.now()))
    : null;
  const organization = invitation
    ? await services.store.teams.getOrganization(invitation.organization_id)
    : null;
  if (!invitation || !organization) throw notFound(TEAM_MESSAGES.invitationInvalid);
  return { invitation, organization };
}

export const previewInvitation: Query<
  Services,
  { token: string },
  Omit<InvitationPreview, 'success'>
> = async (services, { token }) => {
  const { invitation, organization } = await liveInvitation(services, token);
  const inviter = await services.store.users.findById(invitation.invited_by);
  return {
    organization: organization.name,
    invited_by: inviter?.full_name ?? organization.name,
    email: invitation.email,
    expires_at: invitation.expires_at,
  };
};

/**
 * Makes the signed-in employer a member. The account must be the invited address's: the link was
 * sent there, and opening it with another account would hand the team to whoever got the link.
 * Opening it proves the address, so an unconfirmed one is confirmed too.
 */
export const acceptInvitation: Action<Services, { user: User; token: string }, Organization> = async (
  services,
  { user, token },
) => {
  const { store } = services;
  if (user.user_type !== 'employer') throw forbidden(TEAM_MESSAGES.providerAccount, { success: false });
  const { invitation, organization } = await liveInvitation(services, token);
  if (normalizeEmail(user.email) !== invitation.email)
    throw forbidden(TEAM_MESSAGES.wrongAccount(invitation.email), { success: false });
  if (await store.teams.findByOwner(user.id)) throw conflict(TEAM_MESSAGES.ownsTeam);
  if (await store.teams.membershipOf(user.id)) throw conflict(TEAM_MESSAGES.inAnotherTeam);

  const now = new Date(services.now());
  // Used up first (single use, also when two tabs accept at once), then the seat is taken.
  if (!(await store.teams.consumeInvitation(hashToken(token), now)))
    throw notFound(TEAM_MESSAGES.invitationInvalid);
  try {
    await store.teams.addMember({ organizationId: organization.id, userId: user.id, seats: TEAM_SEATS, now });
  } catch (error) {
    if (error instanceof TeamConflictError)
      throw conflict(error.reason === 'full' ? TEAM_MESSAGES.seatsFull : TEAM_MESSAGES.inAnotherTeam);
    throw error;
  }
  if (!user.email_verified_at) await store.users.update(user.id, { email_verified_at: now.toISOString() });
  await store.audit.record({
    actor: user.email,
    action: 'team_accept',
    entity_type: 'organization',
    entity_id: organization.id,
    entity_label: organization.name,
    before: null,
    after: { member: user.email },
  });
  services.logger.info({ organizationId: organization.id, userId: user.id }, 'team invitation accepted');
  return organization;
};
