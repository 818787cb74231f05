import { apiRequest, withQuery } from '../../../lib/api/api-client';

/** GET /api/roles?category= → the roles of one category. */
export function getRoles(category: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>(withQuery('/api/roles', { category }), { signal });
}
