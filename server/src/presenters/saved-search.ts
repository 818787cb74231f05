import type { SavedSearch } from '@agentry/domain/contract/saved-searches';
import { savedSearchPath } from '@agentry/domain/saved-searches';
import type { SavedSearchRecord } from '@agentry/platform/store/port';

/** A saved search as its employer sees it: no owner or author id, and the address that opens it. */
export function presentSavedSearch(record: SavedSearchRecord): SavedSearch {
  return {
    id: record.id,
    name: record.name,
    search: record.search,
    alert: record.alert,
    path: savedSearchPath(record.search),
    last_digest_at: record.last_digest_at,
    next_digest_at: record.next_digest_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
