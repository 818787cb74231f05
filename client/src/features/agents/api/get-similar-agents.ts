import type { PublicAgent } from '@agentry/domain/agent';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/agents/:id/similar → agents like this one. */
export function getSimilarAgents(id: string, signal?: AbortSignal): Promise<PublicAgent[]> {
  return apiRequest<PublicAgent[]>(`/api/agents/${encodeURIComponent(id)}/similar`, { signal });
}
