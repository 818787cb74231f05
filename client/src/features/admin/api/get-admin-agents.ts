import type { AdminAgentsPage } from '@agentry/domain/contract/admin';
import { apiRequest, withQuery } from '../../../lib/api/api-client';

/** An agent as the admin sees it: every field, removed and held ones included (the API's contract). */
export type { AdminAgent } from '@agentry/domain/contract/agents';

/** How many agents one page asks for; and the most the server answers at once. */
export const AGENTS_PAGE_SIZE = 100;
export const AGENTS_MAX_LIMIT = 500;

/**
 * GET /api/admin/agents?limit=&offset=[&category=][&name=]: sorted by category, then role, then
 * name; `name` keeps the agents whose name contains it (issue 25).
 */
export function getAdminAgents(
  {
    offset,
    limit = AGENTS_PAGE_SIZE,
    category = '',
    name = '',
  }: { offset: number; limit?: number; category?: string; name?: string },
  signal?: AbortSignal,
): Promise<AdminAgentsPage> {
  const params: Record<string, string> = { limit: String(limit), offset: String(offset) };
  if (category) params.category = category;
  if (name.trim()) params.name = name.trim();
  return apiRequest<AdminAgentsPage>(withQuery('/api/admin/agents', params), { signal });
}
