import { randomBytes } from 'node:crypto';
import { type AccountErrors, checkEmail } from '@agentry/domain/account-rules';
import type { TeamAnswer } from '@agentry/domain/contract/team';
import { normalizeEmail } from '@agentry/domain/email';
import { ROUTES } from '@agentry/domain/routes';
import { ORGANIZATION_NAME_MAX, TEAM_INVITATION_DAYS, TEAM_MESSAGES, TEAM_SEATS } from '@agentry/domain/team';
import {
  type Invitation,
  type Organization,
  TeamConflictError,
  type User,
} from '@agentry/platform/store/port';
import { hashToken } from '../../auth/one-time-tokens';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { teamInvitationMessage } from '../../mail/messages';
import { type EmployerScope, employerScopeOf } from '../../policies/employer-scope';
import type { Action, Query } from '../command';
import { cleanLine } from '../employer/plain-text';
import { deliver, publicLink, type Services } from '../services';

// The subscriber's side of a team (issue 28, docs/employer-tools.md#teams): name the organization,
// invite colleagues by e-mail within the plan's seats, cancel an invitation, remove a member (a
// member may also leave). Members' access is read on every request (policies/employer-scope.ts),
// so a removal takes effect at once; what they made stays with the organization.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The team as the caller sees it (GET /api/employer/team). */
export const readTeam: Query<'store' | 'now', { user: User }, Omit<TeamAnswer, 'success'>> = async (
  services,
  { user },
) => {
  const { store } = services;
  const scope = await employerScopeOf(store, user);
  const organization = scope.organization;
  if (!organization) {
    return {
      organization: null,
      role: null,
      seats: TEAM_SEATS,
      plan_active: scope.planActive,
      members: [],
      invitations: [],
    };
  }
  const [memberships, invitations, owner] = await Promise.all([
    store.teams.listMembers(organization.id),
    scope.role === 'owner' ? store.teams.listInvitations(organization.id, new Date(services.now())) : [],
    store.users.findById(organization.owner_id),
  ]);
  const people = await Promise.all(memberships.map((m) => store.users.findById(m.user_id)));
  const inviters = new Map(
    (
      await Promise.all(
        [...new Set(invitations.map((i) => i.invited_by))].map((id) => store.users.findById(id)),
      )
    )
      .filter((found): found is User => found !== null)
      .map((found) => [found.id, found.full_name]),
  );
  const members: TeamAnswer['members'] = [];
  if (owner)
    members.push({
      id: owner.id,
      full_name: owner.full_name,
      email: owner.email,
      role: 'owner',
      joined_at: organization.created_at,
    });
  memberships.forEach((membership, i) => {
    const person = people[i];
    if (person)
      members.push({
        id: person.id,
        full_name: person.full_name,
        email: person.email,
        role: 'member',
        joined_at: membership.joined_at,
      });
  });
  return {
    organization: { id: organization.id, name: organization.name },
    role: scope.role,
    seats: TEAM_SEATS,
    plan_active: scope.planActive,
    members,
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      invited_by: inviters.get(invitation.invited_by) ?? '',
      created_at: invitation.created_at,
      expires_at: invitation.expires_at,
    })),
  };
};

function organizationName(raw: string): string {
  const name = cleanLine(raw);
  if (!name) throw badRequest(TEAM_MESSAGES.nameRequired);
  if (name.length > ORGANIZATION_NAME_MAX) throw badRequest(TEAM_MESSAGES.nameTooLong);
  return name;
}

/** The scope of a subscriber who may run a team: not someone else's member. */
function assertNotMember(scope: EmployerScope): void {
  if (scope.role === 'member') throw forbidden(TEAM_MESSAGES.ownerOnly, { success: false });
}

/** The organization the subscriber runs: 403 for a member, 409 until it is named. */
function ownedOrganization(scope: EmployerScope): Organization {
  assertNotMember(scope);
  if (!scope.organization) throw conflict(TEAM_MESSAGES.nameFirst);
  return scope.organization;
}

/** Names (or renames) the subscriber's organization: what providers see on the team's requests. */
export const nameOrganization: Action<'store', { scope: EmployerScope; name: string }, Organization> = async (
  services,
  { scope, name: rawName },
) => {
  assertNotMember(scope);
  return services.store.teams.saveOrganization(scope.ownerId, organizationName(rawName));
};

/** Sends a colleague a single-use link, valid TEAM_INVITATION_DAYS, within the plan's seats. */
export const inviteColleague: Action<
  Services,
  { user: User; scope: EmployerScope; email: string },
  { invitation: Invitation; invitedBy: string }
> = async (services, props) => {
  const { store } = services;
  const { user, scope } = props;
  const organization = ownedOrganization(scope);
  const email = normalizeEmail(props.email);
  const errors: AccountErrors = {};
  checkEmail(email, errors);
  if (errors.email) throw badRequest(errors.email, { success: false, errors });
  if (email === normalizeEmail(user.email)) throw conflict(TEAM_MESSAGES.inviteSelf);
  const existing = await store.users.findByEmail(email);
  if (existing && (await store.teams.membershipOf(existing.id))?.organization.id === organization.id)
    throw conflict(TEAM_MESSAGES.alreadyMember);

  // Within the seats a team can invite and cancel without end, each time an e-mail with its own
  // words to a new address: the day's invitations are counted too (TEAM_INVITATIONS_PER_DAY).
  const { remaining, resetSeconds } = await services.invitationLimiter.hit(organization.id);
  if (remaining < 0) throw tooManyRequests(TEAM_MESSAGES.invitationsPerDay, resetSeconds);

  const token = randomBytes(32).toString('base64url');
  const now = services.now();
  let invitation: Awaited<ReturnType<typeof store.teams.createInvitation>>;
  try {
    invitation = await store.teams.createInvitation(
      {
        organization_id: organization.id,
        email,
        invited_by: user.id,
        token_hash: hashToken(token),
        expires_at: new Date(now + TEAM_INVITATION_DAYS * DAY_MS),
      },
      TEAM_SEATS,
      new Date(now),
    );
  } catch (error) {
    if (error instanceof TeamConflictError)
      throw conflict(error.reason === 'invited' ? TEAM_MESSAGES.alreadyInvited : TEAM_MESSAGES.seatsFull);
    throw error;
  }
  await deliver(
    services,
    teamInvitationMessage({
      to: email,
      organization: organization.name,
      invitedBy: user.full_name,
      link: publicLink(services, `${ROUTES.joinTeam}?token=${token}`),
    }),
  );
  await store.audit.record({
    actor: user.email,
    action: 'team_invite',
    entity_type: 'organization',
    entity_id: organization.id,
    entity_label: organization.name,
    before: null,
    after: { invited: email },
  });
  services.logger.info(
    { organizationId: organization.id, invitationId: invitation.id },
    'team invitation sent',
  );
  return { invitation, invitedBy: user.full_name };
};

export const cancelInvitation: Action<'store', { scope: EmployerScope; id: string }> = async (
  services,
  { scope, id },
) => {
  const organization = ownedOrganization(scope);
  if (!(await services.store.teams.revokeInvitation(organization.id, id)))
    throw notFound(TEAM_MESSAGES.invitationNotFound);
};

/**
 * The subscriber removes a member, or a member leaves (removes themselves). Their access ends with
 * this request; the shortlists, items and requests they made stay with the organization.
 */
export const removeMember: Action<Services, { user: User; scope: EmployerScope; memberId: string }> = async (
  services,
  props,
) => {
  const { store } = services;
  const { user, scope, memberId } = props;
  const organization = scope.organization;
  const leaving = scope.role === 'member' && memberId === user.id;
  if (!organization || (scope.role !== 'owner' && !leaving)) throw notFound(TEAM_MESSAGES.memberNotFound);
  const member = await store.users.findById(memberId);
  if (!member || !(await store.teams.removeMember(organization.id, memberId)))
    throw notFound(TEAM_MESSAGES.memberNotFound);
  await store.audit.record({
    actor: user.email,
    action: 'team_remove',
    entity_type: 'organization',
    entity_id: organization.id,
    entity_label: organization.name,
    before: { member: member.email },
    after: null,
  });
  services.logger.info({ organizationId: organization.id, memberId, leaving }, 'team member removed');
};
