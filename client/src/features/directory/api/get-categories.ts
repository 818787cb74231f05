import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/categories → category names. */
export function getCategories(signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/api/categories', { signal });
}
