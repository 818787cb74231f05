import type { AgentProfile, ProfileInput } from '@agentry/domain/agent-profile';
import type { AgentProfileAnswer } from '@agentry/domain/contract/profiles';
import { apiRequest } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';

/** GET /api/admin/agents/{id}/profile: any agent's structured profile (issue 28). */
export async function getAdminAgentProfile(id: string, signal?: AbortSignal): Promise<AgentProfile> {
  const answer = await apiRequest<AgentProfileAnswer>(`/api/admin/agents/${encodeURIComponent(id)}/profile`, {
    signal,
  });
  return answer.profile;
}

/** PUT /api/admin/agents/{id}/profile: staff correct it and mark claimed certifications verified. */
export async function saveAdminAgentProfile(
  csrfToken: string,
  id: string,
  input: ProfileInput,
): Promise<AgentProfile> {
  const answer = await adminSend<AgentProfileAnswer>(
    csrfToken,
    `/api/admin/agents/${encodeURIComponent(id)}/profile`,
    { method: 'PUT', body: input },
  );
  return answer.profile;
}
