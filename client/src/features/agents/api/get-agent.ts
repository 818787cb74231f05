import type { AgentProfile } from '@agentry/domain/agent-profile';
import type { PublicAgent } from '@agentry/domain/contract/agents';
import { apiRequest } from '../../../lib/api/api-client';

/** The agent page's answer: the agent and its structured profile (issue 28). */
export type AgentWithProfile = PublicAgent & { profile?: AgentProfile };

/** GET /api/agents/:id → the agent; an ApiError with status 404 when it is not listed. */
export function getAgent(id: string, signal?: AbortSignal): Promise<AgentWithProfile> {
  return apiRequest<AgentWithProfile>(`/api/agents/${encodeURIComponent(id)}?view=page`, { signal });
}
