import type { NameList } from '@agentry/domain/contract/catalog';
import { rolesPath } from '@agentry/domain/directory-reads';
import { apiRequest } from './api-client';
import { takeFirstRead } from './first-view';

// Shared by the directory's filters, the registration form and the dashboard's edit form.

/** GET /api/roles?category= → the roles of one category. */
export function getRoles(category: string, signal?: AbortSignal): Promise<NameList> {
  return apiRequest<NameList>(rolesPath(category), { signal });
}

/** A category's roles when the page's HTML carried them (the directory's first view, issue 25), else undefined. */
export const rolesInPage = (category: string) => takeFirstRead<NameList>(rolesPath(category));
