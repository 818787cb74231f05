import type { PublicAgent } from '@agentry/domain/agent';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/agents/:id → the agent; an ApiError with status 404 when it is not listed. */
export function getAgent(id: string, signal?: AbortSignal): Promise<PublicAgent> {
  return apiRequest<PublicAgent>(`/api/agents/${encodeURIComponent(id)}?view=page`, { signal });
}
