import type { InvitationAccepted, InvitationPreview } from '@agentry/domain/contract/team';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// A team invitation's link (issue 28): what it invites to, and accepting it.

export type Invitation = Omit<InvitationPreview, 'success'>;

/** GET /api/team-invitations/{token}: 404 when the link is not a live invitation. */
export async function previewInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const { success: _, ...invitation } = await apiRequest<InvitationPreview>(
    `/api/team-invitations/${encodeURIComponent(token)}`,
    { signal },
  );
  return invitation;
}

/** POST /api/team-invitations/accept → the organization the signed-in employer now belongs to. */
export async function acceptInvitation(token: string): Promise<InvitationAccepted['organization']> {
  return (
    await sendWithCsrf<InvitationAccepted>('/api/team-invitations/accept', {
      method: 'POST',
      body: { token },
    })
  ).organization;
}
