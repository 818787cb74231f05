import type { NameList } from '@agentry/domain/contract/catalog';
import { apiRequest } from './api-client';

// Shared by the directory's filters and the registration form.

/** GET /api/categories → the category names. */
export function getCategories(signal?: AbortSignal): Promise<NameList> {
  return apiRequest<NameList>('/api/categories', { signal });
}
