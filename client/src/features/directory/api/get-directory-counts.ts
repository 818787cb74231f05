import type { DirectoryCounts } from '@agentry/domain/contract/catalog';
import { apiRequest, withQuery } from '../../../lib/api/api-client';

export type { DirectoryCount } from '@agentry/domain/contract/catalog';

/** GET /api/directory/counts?category= → how many agents each category lists, or each role of `category`. */
export function getDirectoryCounts(category: string, signal?: AbortSignal): Promise<DirectoryCounts> {
  return apiRequest<DirectoryCounts>(withQuery('/api/directory/counts', category ? { category } : {}), {
    signal,
  });
}
