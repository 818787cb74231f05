import type { Success } from '@agentry/domain/contract/shapes';
import type { InvitationAnswer, TeamAnswer, TeamInvitation, TeamMember } from '@agentry/domain/contract/team';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The employer's team (issue 28): GET/PUT /api/employer/team, invitations and members.

export type Team = Omit<TeamAnswer, 'success'>;
export type { TeamInvitation, TeamMember };

const TEAM = '/api/employer/team';
const withoutSuccess = ({ success: _, ...team }: TeamAnswer): Team => team;

export async function getTeam(signal?: AbortSignal): Promise<Team> {
  return withoutSuccess(await apiRequest<TeamAnswer>(TEAM, { signal }));
}

/** PUT → the team under its new name. */
export async function nameTeam(name: string): Promise<Team> {
  return withoutSuccess(await sendWithCsrf<TeamAnswer>(TEAM, { method: 'PUT', body: { name } }));
}

/** POST → the invitation waiting; the e-mail with the link is on its way. */
export async function inviteColleague(email: string): Promise<TeamInvitation> {
  return (await sendWithCsrf<InvitationAnswer>(`${TEAM}/invitations`, { method: 'POST', body: { email } }))
    .invitation;
}

export async function cancelInvitation(id: string): Promise<void> {
  await sendWithCsrf<Success>(`${TEAM}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The subscriber removes a member, or a member leaves (their own id). */
export async function removeMember(userId: string): Promise<void> {
  await sendWithCsrf<Success>(`${TEAM}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}
