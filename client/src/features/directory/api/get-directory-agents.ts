import type { PublicAgent } from '@agentry/domain/contract/agents';
import { directoryAgentsPath } from '@agentry/domain/directory-reads';
import { type ApiPage, apiPage } from '../../../lib/api/api-client';
import { takeFirstPage } from '../../../lib/api/first-view';

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
  return apiPage<PublicAgent>(directoryAgentsPath(category, limit, offset), { signal });
}

/** The first page when the page's HTML carried it (issue 25), else undefined. */
export const directoryAgentsInPage = (category: string, limit: number, offset = 0) =>
  takeFirstPage<PublicAgent>(directoryAgentsPath(category, limit, offset));
