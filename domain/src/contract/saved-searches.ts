import { z } from 'zod';
import {
  DIGEST_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_SORTS,
  SAVED_SEARCH_VALUE_MAX,
  SAVED_SEARCH_VALUES_MAX,
  SAVED_SEARCHES_PER_OWNER_MAX,
} from '../saved-searches';
import { FACET_FIELDS } from '../search-fields';
import { searchQueryText } from './search';
import { recordId, timestamp } from './shapes';

// Saved searches (issue 28; server/src/routes/api/employer/saved-searches.routes.ts): the employer
// search screen's state kept under a name, with an e-mail digest of new and changed matches, and
// the signed unsubscribe link of that e-mail.

const typed = (max: number) => z.string().max(max * 2);

const facetValues = z
  .array(z.string().min(1).max(SAVED_SEARCH_VALUE_MAX), {
    error: 'each filter is a list of values',
  })
  .max(SAVED_SEARCH_VALUES_MAX, `a filter holds at most ${SAVED_SEARCH_VALUES_MAX} values`);

const price = z
  .number({ error: 'a price bound is a number of USD a month, or null' })
  .min(0, 'a price bound is at least 0')
  .max(1_000_000, 'a price bound is at most 1,000,000')
  .nullable();

const alert = z.enum(DIGEST_FREQUENCIES, { error: "alert must be 'off', 'daily' or 'weekly'" });

/** The search itself, as the employer search screen holds it. */
export const SavedSearchQuery = z.strictObject({
  query: searchQueryText.default(''),
  /** Facet → values; a facet the search does not know is refused. */
  filters: z
    .partialRecord(z.enum(FACET_FIELDS), facetValues, {
      error: (issue) =>
        (issue.code as string) === 'unrecognized_keys'
          ? `filters are among: ${FACET_FIELDS.join(', ')}`
          : undefined,
    })
    .default({}),
  price_min: price.default(null),
  price_max: price.default(null),
  starting_price_min: price.default(null),
  starting_price_max: price.default(null),
  sort: z
    .enum(SAVED_SEARCH_SORTS, { error: `sort is one of: ${SAVED_SEARCH_SORTS.join(', ')}` })
    .nullable()
    .default(null),
});
export type SavedSearchQuery = z.infer<typeof SavedSearchQuery>;

export const SavedSearchBody = z.object({
  name: typed(SAVED_SEARCH_NAME_MAX).meta({ maxLength: SAVED_SEARCH_NAME_MAX }),
  search: SavedSearchQuery,
  alert: alert.default('off'),
});

export const SavedSearchPatch = z
  .object({
    name: typed(SAVED_SEARCH_NAME_MAX).meta({ maxLength: SAVED_SEARCH_NAME_MAX }).optional(),
    alert: alert.optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.alert !== undefined, {
    message: 'send a new name, a new alert, or both',
  });

/** A saved search as its employer sees it: no owner id (it is always theirs). */
export const SavedSearch = z.strictObject({
  id: z.string(),
  name: z.string(),
  search: SavedSearchQuery,
  alert: alert,
  /** The employer search screen's address that opens it. */
  path: z.string(),
  /** Agents added or changed after this are the next digest's news. */
  last_digest_at: timestamp,
  /** When the next digest is due; null when alerts are off. */
  next_digest_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SavedSearch = z.infer<typeof SavedSearch>;

export const SavedSearchesAnswer = z.strictObject({
  success: z.literal(true),
  saved_searches: z.array(SavedSearch),
  /** Saved searches one employer may keep. */
  max: z.literal(SAVED_SEARCHES_PER_OWNER_MAX),
});
export type SavedSearchesAnswer = z.infer<typeof SavedSearchesAnswer>;

export const SavedSearchAnswer = z.strictObject({ success: z.literal(true), saved_search: SavedSearch });
export type SavedSearchAnswer = z.infer<typeof SavedSearchAnswer>;

/** POST /api/saved-searches/unsubscribe: the id and signature from the digest's link. */
export const UnsubscribeBody = z.object({ id: recordId, token: z.string().min(1).max(128) });
export const UnsubscribeAnswer = z.strictObject({
  success: z.literal(true),
  /** The search whose e-mails stop. */
  name: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswer>;
