import { apiRequest, withQuery } from '../../../lib/api/api-client';

export interface DirectoryCount {
  name: string;
  count: number;
}

/** GET /api/directory/counts?category= → how many agents each category lists, or each role of `category`. */
export function getDirectoryCounts(category: string, signal?: AbortSignal): Promise<DirectoryCount[]> {
  return apiRequest<DirectoryCount[]>(withQuery('/api/directory/counts', category ? { category } : {}), {
    signal,
  });
}
