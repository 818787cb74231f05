import { apiRequest, withQuery } from '../../../lib/api/api-client';

/** GET /api/roles?category= → the roles of one category (for the edit form's role list). */
export function getRoles(category: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>(withQuery('/api/roles', { category }), { signal });
}
