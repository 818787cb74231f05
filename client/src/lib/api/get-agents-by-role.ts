import type { AgentList, PublicAgent } from '@agentry/domain/contract/agents';
import { roleAgentsPath } from '@agentry/domain/directory-reads';
import { type ApiPage, apiPage, apiRequest, withQuery } from './api-client';
import { takeFirstPage } from './first-view';

// Shared by the home role view and the directory, so it lives outside both features.

/** GET /api/search-by-role?role=&category= */
export function getAgentsByRole(role: string, category: string, signal?: AbortSignal): Promise<AgentList> {
  return apiRequest<AgentList>(withQuery('/api/search-by-role', { role, category }), { signal });
}

/**
 * One page of the same list with its total, ROLE_PAGE_SIZE agents from `offset` (the directory's
 * pages, domain/directory-reads.ts: the first comes with the page's HTML).
 */
export function getAgentsByRolePage(
  role: string,
  category: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ApiPage<PublicAgent>> {
  return apiPage<PublicAgent>(roleAgentsPath(role, category, offset), { signal });
}

/** The first page when the page's HTML carried it (the directory's first view, issue 25), else undefined. */
export const agentsByRoleInPage = (role: string, category: string, offset = 0) =>
  takeFirstPage<PublicAgent>(roleAgentsPath(role, category, offset));
