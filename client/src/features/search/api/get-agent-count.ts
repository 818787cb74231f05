import type { AgentCount } from '@agentry/domain/contract/catalog';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

/** GET /api/agents/count → how many agents the catalog lists. */
export async function getAgentCount(signal?: AbortSignal): Promise<number> {
  const data = await apiRequest<AgentCount>('/api/agents/count', { signal });
  return data.count;
}

/** The count when the page's HTML carried it (issue 25), else undefined. */
export const agentCountInPage = () => takeFirstRead<AgentCount>('/api/agents/count')?.count;
