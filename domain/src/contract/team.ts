import { z } from 'zod';
import { MAX_LENGTHS } from '../input-lengths';
import { ORGANIZATION_NAME_MAX, TEAM_ROLES, TEAM_SEATS } from '../team';
import { recordId, timestamp } from './shapes';

// An employer's team (issue 28; server/src/routes/api/employer/team.routes.ts): the organization,
// its members, the invitations waiting, and the invitation link's page.

export const OrganizationBody = z.object({
  name: z
    .string()
    .max(ORGANIZATION_NAME_MAX * 2)
    .meta({ maxLength: ORGANIZATION_NAME_MAX }),
});
export const InvitationBody = z.object({ email: z.string().max(MAX_LENGTHS.email) });
export const MemberParams = z.object({ userId: recordId });
/** The link's secret: 43 base64url characters (the route refuses any other shape as an unknown link). */
export const InvitationToken = z.object({ token: z.string().min(1).max(128) });

export const Organization = z.strictObject({ id: z.string(), name: z.string() });

export const TeamMember = z.strictObject({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  /** When they joined (the subscriber: when they named the organization). */
  joined_at: timestamp,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.strictObject({
  id: z.string(),
  email: z.string(),
  /** The name of whoever sent it. */
  invited_by: z.string(),
  created_at: timestamp,
  expires_at: timestamp,
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** GET /api/employer/team: the caller's team, or none yet (`organization: null`). */
export const TeamAnswer = z.strictObject({
  success: z.literal(true),
  organization: Organization.nullable(),
  /** The caller's place in it: null when they have no team. */
  role: z.enum(TEAM_ROLES).nullable(),
  /** Seats the plan includes, the subscriber's own counted. */
  seats: z.literal(TEAM_SEATS),
  /** Whether the team's plan is active (a member's tools end with the subscriber's plan). */
  plan_active: z.boolean(),
  members: z.array(TeamMember),
  /** Waiting invitations: the subscriber's view only ([] for members). */
  invitations: z.array(TeamInvitation),
});
export type TeamAnswer = z.infer<typeof TeamAnswer>;

/** POST /api/employer/team/invitations */
export const InvitationAnswer = z.strictObject({ success: z.literal(true), invitation: TeamInvitation });
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;

/** GET /api/team-invitations/{token}: what the link's page shows before it is accepted. */
export const InvitationPreview = z.strictObject({
  success: z.literal(true),
  organization: z.string(),
  invited_by: z.string(),
  email: z.string(),
  expires_at: timestamp,
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** POST /api/team-invitations/accept: the caller is now a member of this organization. */
export const InvitationAccepted = z.strictObject({ success: z.literal(true), organization: Organization });
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;
