import type { PublicAgent } from '@agentry/domain/contract/agents';
import { type ApiPage, apiPage, withQuery } from '../../../lib/api/api-client';

/**
 * GET /api/directory/agents?category=&limit=&offset= → `limit` agents of the selection (all
 * categories without one) from `offset`, sorted by category then role, and how many it holds in all.
 */
export function getDirectoryAgents(
  category: string,
  limit: number,
  signal?: AbortSignal,
  offset = 0,
): Promise<ApiPage<PublicAgent>> {
  const params: Record<string, string> = category
    ? { category, limit: String(limit) }
    : { limit: String(limit) };
  if (offset > 0) params.offset = String(offset);
  return apiPage<PublicAgent>(withQuery('/api/directory/agents', params), { signal });
}
