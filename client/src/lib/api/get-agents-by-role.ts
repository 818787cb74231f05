import type { AgentList, PublicAgent } from '@agentry/domain/contract/agents';
import { type ApiPage, apiPage, apiRequest, withQuery } from './api-client';

// Shared by the home role view and the directory, so it lives outside both features.

/** GET /api/search-by-role?role=&category= */
export function getAgentsByRole(role: string, category: string, signal?: AbortSignal): Promise<AgentList> {
  return apiRequest<AgentList>(withQuery('/api/search-by-role', { role, category }), { signal });
}

/**
 * One page of the same list with its total: the first is the spec's call as it is, the next ones
 * add `offset` (the server answers up to 100 agents a page).
 */
export function getAgentsByRolePage(
  role: string,
  category: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ApiPage<PublicAgent>> {
  const params: Record<string, string> = { role, category };
  if (offset > 0) params.offset = String(offset);
  return apiPage<PublicAgent>(withQuery('/api/search-by-role', params), { signal });
}
