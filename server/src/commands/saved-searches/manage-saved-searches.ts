import type { SavedSearchQuery } from '@agentry/domain/contract/saved-searches';
import {
  type DigestFrequency,
  nextDigestAt,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_PER_OWNER_MAX,
} from '@agentry/domain/saved-searches';
import {
  SavedSearchLimitError,
  type SavedSearchPatch,
  type SavedSearchRecord,
} from '@agentry/platform/store/port';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { EmployerScope } from '../../policies/employer-scope';
import type { Action, Query } from '../command';
import { cleanLine } from '../employer/plain-text';

// An employer's saved searches (docs/employer-tools.md, "Saved searches"): the search screen's
// state under a name, with a digest e-mail off, daily or weekly. Every call acts on the searches of
// the employer's scope (policies/employer-scope.ts: their own, or their team's, kept under the
// owner's id; each records who saved it); another owner's search answers as a missing one (404).

export const SAVED_SEARCH_MESSAGES = {
  notFound: 'Saved search not found',
  nameRequired: 'Please give the search a name',
  nameTooLong: `A search name has at most ${SAVED_SEARCH_NAME_MAX} characters`,
  tooMany: `You can keep at most ${SAVED_SEARCHES_PER_OWNER_MAX} saved searches. Delete one to make room.`,
  priceRange: 'The lowest price must not be above the highest',
} as const;

function searchName(raw: string): string {
  const name = cleanLine(raw);
  if (!name) throw badRequest(SAVED_SEARCH_MESSAGES.nameRequired);
  if (name.length > SAVED_SEARCH_NAME_MAX) throw badRequest(SAVED_SEARCH_MESSAGES.nameTooLong);
  return name;
}

/** The search as kept: trimmed values, each once, empty facets left out. */
function cleanSearch(search: SavedSearchQuery): SavedSearchQuery {
  const reversed = (min: number | null, max: number | null) => min !== null && max !== null && min > max;
  if (
    reversed(search.price_min, search.price_max) ||
    reversed(search.starting_price_min, search.starting_price_max)
  )
    throw badRequest(SAVED_SEARCH_MESSAGES.priceRange);
  const filters: SavedSearchQuery['filters'] = {};
  for (const [field, values] of Object.entries(search.filters) as Array<[keyof typeof filters, string[]]>) {
    const kept = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
    if (kept.length > 0) filters[field] = kept;
  }
  return { ...search, query: search.query.trim(), filters };
}

const found = (search: SavedSearchRecord | null): SavedSearchRecord => {
  if (!search) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return search;
};

type Scope = Pick<EmployerScope, 'ownerId' | 'authorId'>;

export const listSavedSearches: Query<'store', { scope: Scope }, SavedSearchRecord[]> = async (
  { store },
  { scope },
) => store.savedSearches.listForOwner(scope.ownerId, SAVED_SEARCHES_PER_OWNER_MAX);

export const createSavedSearch: Action<
  'store' | 'now',
  { scope: Scope; name: string; search: SavedSearchQuery; alert: DigestFrequency },
  SavedSearchRecord
> = async (services, { scope, ...input }) => {
  const { store } = services;
  const now = new Date(services.now());
  const name = searchName(input.name);
  const search = cleanSearch(input.search);
  try {
    return await store.savedSearches.create(
      {
        owner_id: scope.ownerId,
        created_by: scope.authorId,
        name,
        search,
        alert: input.alert,
        last_digest_at: now.toISOString(),
        next_digest_at: nextDigestAt(input.alert, now)?.toISOString() ?? null,
      },
      SAVED_SEARCHES_PER_OWNER_MAX,
    );
  } catch (error) {
    if (error instanceof SavedSearchLimitError) throw conflict(SAVED_SEARCH_MESSAGES.tooMany);
    throw error;
  }
};

/**
 * Renames a search or changes its alert. A new frequency counts from now (the news since the last
 * digest stay news); turning alerts off clears the due time.
 */
export const updateSavedSearch: Action<
  'store' | 'now',
  { scope: Scope; id: string; name?: string; alert?: DigestFrequency },
  SavedSearchRecord
> = async (services, { scope, id, ...input }) => {
  const { store } = services;
  const now = new Date(services.now());
  const owner = scope.ownerId;
  const current = found(await store.savedSearches.get(id, owner));
  const patch: SavedSearchPatch = {};
  if (input.name !== undefined) patch.name = searchName(input.name);
  if (input.alert !== undefined && input.alert !== current.alert) {
    patch.alert = input.alert;
    patch.next_digest_at = nextDigestAt(input.alert, now)?.toISOString() ?? null;
  }
  return found(await store.savedSearches.update(id, owner, patch));
};

export const deleteSavedSearch: Action<'store', { scope: Scope; id: string }> = async (
  { store },
  { scope, id },
) => {
  if (!(await store.savedSearches.delete(id, scope.ownerId))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
};
