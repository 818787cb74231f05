import type { AgentList } from '@agentry/domain/contract/agents';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/agents/:id/similar → agents like this one. */
export function getSimilarAgents(id: string, signal?: AbortSignal): Promise<AgentList> {
  return apiRequest<AgentList>(`/api/agents/${encodeURIComponent(id)}/similar`, { signal });
}
