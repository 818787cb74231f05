import type { PublicAgent } from '@agentry/domain/contract/agents';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/agents/:id → the agent; an ApiError with status 404 once it is no longer listed. */
export function getListedAgent(id: string, signal?: AbortSignal): Promise<PublicAgent> {
  return apiRequest<PublicAgent>(`/api/agents/${encodeURIComponent(id)}`, { signal });
}
