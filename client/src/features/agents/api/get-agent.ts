import type { AgentProfile } from '@agentry/domain/agent-profile';
import type { PublicAgent } from '@agentry/domain/contract/agents';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * The agent page's answer: the agent, its structured profile (issue 28) and its provider's page
 * when it has one (issue 25), and whether the provider usually replies within a day (issue 28).
 */
export type AgentWithProfile = PublicAgent & {
  profile?: AgentProfile;
  provider_page?: string | null;
  /** "Usually replies within a day" (issue 28): only with enough real replies to say it. */
  replies_within_day?: boolean;
};

/** GET /api/agents/:id → the agent; an ApiError with status 404 when it is not listed. */
export function getAgent(id: string, signal?: AbortSignal): Promise<AgentWithProfile> {
  return apiRequest<AgentWithProfile>(`/api/agents/${encodeURIComponent(id)}?view=page`, { signal });
}
