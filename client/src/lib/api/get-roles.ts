import type { NameList } from '@agentry/domain/contract/catalog';
import { apiRequest, withQuery } from './api-client';

// Shared by the directory's filters, the registration form and the dashboard's edit form.

/** GET /api/roles?category= → the roles of one category. */
export function getRoles(category: string, signal?: AbortSignal): Promise<NameList> {
  return apiRequest<NameList>(withQuery('/api/roles', { category }), { signal });
}
