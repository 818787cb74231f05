import type { AgentField, AgentHold } from '@agentry/domain/agent';
import { apiRequest, withQuery } from '../../../lib/api/api-client';

/** An agent as the admin sees it: every field, removed ones included. */
export interface AdminAgent extends Record<AgentField, string> {
  id: string;
  email: string | null;
  status: string | null;
  removed: boolean;
  /** Why a removed agent is not listed yet: staff review, or its address's claim (docs/accounts.md). */
  held_for: AgentHold | null;
  created_at: string;
  updated_at: string;
}

export interface AdminAgentsPage {
  success: boolean;
  agents: AdminAgent[];
  total: number;
}

/** How many agents one page asks for; and the most the server answers at once. */
export const AGENTS_PAGE_SIZE = 100;
export const AGENTS_MAX_LIMIT = 500;

/** GET /api/admin/agents?limit=&offset=[&category=]: sorted by category, then role, then name. */
export function getAdminAgents(
  { offset, limit = AGENTS_PAGE_SIZE, category = '' }: { offset: number; limit?: number; category?: string },
  signal?: AbortSignal,
): Promise<AdminAgentsPage> {
  const params: Record<string, string> = { limit: String(limit), offset: String(offset) };
  if (category) params.category = category;
  return apiRequest<AdminAgentsPage>(withQuery('/api/admin/agents', params), { signal });
}
