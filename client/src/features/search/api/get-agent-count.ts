import type { AgentCount } from '@agentry/domain/contract/catalog';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/agents/count → how many agents the catalog lists. */
export async function getAgentCount(signal?: AbortSignal): Promise<number> {
  const data = await apiRequest<AgentCount>('/api/agents/count', { signal });
  return data.count;
}
