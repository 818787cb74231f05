import type { PublicAgent } from '@agentry/domain/agent';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/directory/agents → every listed agent, sorted by category then role. */
export function getDirectoryAgents(signal?: AbortSignal): Promise<PublicAgent[]> {
  return apiRequest<PublicAgent[]>('/api/directory/agents', { signal });
}
