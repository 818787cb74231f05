import type { Settings } from 'meilisearch';
import { meiliSynonyms } from '../query/concepts';
import { FEATURES } from '../query/features';

// The settings of every index this adapter creates (the live one and each rebuild), so a rebuilt
// index ranks exactly like the one it replaces.

/** Field weights in Meilisearch's "attribute" rule come from this order (name matters most). */
export const SEARCHABLE_ATTRIBUTES = ['name', 'role', 'category', 'description', 'provider'];

/** Facets, the price range, and `id` for excludeIds and similarTo's "leave this one out". */
export const FILTERABLE_ATTRIBUTES = ['id', 'category', 'role', 'provider', 'pricing', 'price_monthly'];

export const SORTABLE_ATTRIBUTES = ['name', 'price_monthly', 'created_at'];

/**
 * Typo budget by word length, the same as the embedded engine's (query/plan.ts allowedTypos): no typo
 * under 5 letters, one from 5, two from 9 ("recriuter" still finds Recruiter).
 */
export const MIN_WORD_SIZE_FOR_TYPOS = { oneTypo: 5, twoTypos: 9 } as const;

/**
 * Meilisearch's default rules except that `sort` comes right after `words`. An explicit sort
 * (price, name) then orders every hit that covers the same share of the query, as the embedded
 * engine sorts all of its hits; after `attribute` it would only break ties between equally
 * relevant hits and a "price low to high" list would not look sorted. Without a sort parameter the
 * `sort` rule does nothing, so relevance ranking is Meilisearch's default.
 */
export const RANKING_RULES = ['words', 'sort', 'typo', 'proximity', 'attribute', 'exactness'];

/** Facet values returned per facet (category and role lists are the longest). */
export const MAX_VALUES_PER_FACET = 200;

/** How deep paging can go; totalHits is exact up to this. */
export const MAX_TOTAL_HITS = 10_000;

export function indexSettings(): Settings {
  return {
    searchableAttributes: SEARCHABLE_ATTRIBUTES,
    filterableAttributes: FILTERABLE_ATTRIBUTES,
    sortableAttributes: SORTABLE_ATTRIBUTES,
    displayedAttributes: ['*'],
    // The curated concept groups, so "accounting" reaches a Bookkeeper as in the embedded engine.
    // The concepts ablation turns them off here too (for indexes opened or rebuilt after it).
    synonyms: FEATURES.concepts ? meiliSynonyms() : {},
    typoTolerance: { enabled: true, minWordSizeForTypos: { ...MIN_WORD_SIZE_FOR_TYPOS } },
    rankingRules: RANKING_RULES,
    faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET },
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
  };
}
