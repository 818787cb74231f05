import type { NameList } from '@agentry/domain/contract/catalog';
import { CATEGORIES_PATH } from '@agentry/domain/directory-reads';
import { apiRequest } from './api-client';
import { takeFirstRead } from './first-view';

// Shared by the directory's filters and the registration form.

/** GET /api/categories → the category names. */
export function getCategories(signal?: AbortSignal): Promise<NameList> {
  return apiRequest<NameList>(CATEGORIES_PATH, { signal });
}

/** The categories when the page's HTML carried them (the directory's first view, issue 25), else undefined. */
export const categoriesInPage = () => takeFirstRead<NameList>(CATEGORIES_PATH);
