import type { AgentProfile, ProfileInput } from '@agentry/domain/agent-profile';
import type { AgentPage } from '@agentry/domain/contract/agents';
import type { AgentProfileAnswer } from '@agentry/domain/contract/profiles';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

/** The agent's structured profile as GET /api/agents/{id} answers it (not counted as a page view). */
export async function getAgentProfile(id: string, signal?: AbortSignal): Promise<AgentProfile> {
  const agent = await apiRequest<AgentPage>(`/api/agents/${encodeURIComponent(id)}`, {
    signal,
  });
  return agent.profile;
}

/** PUT /api/users/agents/{id}/profile: saves and confirms (needs an active subscription). */
export async function saveAgentProfile(id: string, input: ProfileInput): Promise<AgentProfile> {
  const answer = await sendWithCsrf<AgentProfileAnswer>(
    `/api/users/agents/${encodeURIComponent(id)}/profile`,
    {
      method: 'PUT',
      body: input,
    },
  );
  return answer.profile;
}
