import type { PublicAgent } from '@agentry/domain/agent';
import { apiRequest, withQuery } from './api-client';

// Shared by the home role view and the directory, so it lives outside both features.

/** GET /api/search-by-role?role=&category= */
export function getAgentsByRole(
  role: string,
  category: string,
  signal?: AbortSignal,
): Promise<PublicAgent[]> {
  return apiRequest<PublicAgent[]>(withQuery('/api/search-by-role', { role, category }), { signal });
}
