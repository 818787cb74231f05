import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/categories → the category names the form offers. */
export function getCategories(signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/api/categories', { signal });
}
