import { PLANS } from './plans';

// An employer's team (issue 28, docs/employer-tools.md#teams), written once for the server (the
// commands' checks and messages) and the client (the Team section, the invitation page): the
// subscriber names the organization and invites colleagues by e-mail; a member shares the
// subscriber's shortlists, saved searches and requests, and rides on the subscriber's plan.

/**
 * An employer team (issue 28): the employer plan includes this many seats, the subscriber's own
 * one included, so a subscriber invites up to TEAM_SEATS - 1 colleagues (members and pending
 * invitations together). Members ride on the subscriber's plan while they are members.
 */
export const TEAM_SEATS = 5;
/**
 * Invitations a team may send a day, cancelled ones included (session 13's attack, finding 3): the
 * seats bound who is in a team, not what it sends, and each invitation is an e-mail carrying the
 * team's own words to any address. Four times the seats a plan could fill from empty.
 */
export const TEAM_INVITATIONS_PER_DAY = 4 * (TEAM_SEATS - 1);
/** How long an invitation link stays good, and the longest organization name. */
export const TEAM_INVITATION_DAYS = 7;
export const ORGANIZATION_NAME_MAX = 100;

/** Who someone is in a team: the subscriber who pays (and runs it), or a colleague they invited. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The plan's seats as people read them. */
export const TEAM_SEATS_SENTENCE = `The employer plan ($${PLANS.employer.priceUsd}/month) includes ${TEAM_SEATS} seats: you and ${TEAM_SEATS - 1} colleagues. Colleagues use the plan's tools while they are members, with no subscription of their own.`;

export const TEAM_MESSAGES = {
  nameRequired: 'Please give your organization a name',
  nameTooLong: `An organization name has at most ${ORGANIZATION_NAME_MAX} characters`,
  nameFirst: 'Name your organization first.',
  ownerOnly: 'Only the subscriber who runs the team can do this.',
  seatsFull: `Your plan's ${TEAM_SEATS} seats are taken (members and pending invitations). Remove a member or cancel an invitation to invite someone else.`,
  alreadyMember: 'This person is already in your team.',
  alreadyInvited: 'An invitation to this address is already waiting. Cancel it to send a new one.',
  invitationsPerDay: `Your team has sent ${TEAM_INVITATIONS_PER_DAY} invitations in the last day, the most a team may send. Please try again tomorrow.`,
  inviteSelf: 'You are in the team already.',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  invitationInvalid:
    'This invitation link is not valid: it has expired, was cancelled or was used already. Ask the colleague who invited you for a new one.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign in with the account of that address (or create it) to accept it.`,
  providerAccount:
    'This invitation is for an employer account, and this address has a provider account. Ask for an invitation to another address.',
  ownsTeam:
    'You run a team of your own. A subscriber cannot join another team; ask your colleague to invite another address.',
  inAnotherTeam: 'You are a member of another team. Leave it first to join this one.',
  removed: 'Removed from the team.',
} as const;
