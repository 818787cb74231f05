import type { DirectoryCounts } from '@agentry/domain/contract/catalog';
import { directoryCountsPath } from '@agentry/domain/directory-reads';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

export type { DirectoryCount } from '@agentry/domain/contract/catalog';

/** GET /api/directory/counts?category= → how many agents each category lists, or each role of `category`. */
export function getDirectoryCounts(category: string, signal?: AbortSignal): Promise<DirectoryCounts> {
  return apiRequest<DirectoryCounts>(directoryCountsPath(category), { signal });
}

/** The counts when the page's HTML carried them (issue 25), else undefined. */
export const directoryCountsInPage = (category: string) =>
  takeFirstRead<DirectoryCounts>(directoryCountsPath(category));
