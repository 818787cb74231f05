import { createHash } from 'node:crypto';
import { STARTING_PRICE_FIELD } from '@agentry/domain/profile-facets';
import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import { FACET_FIELDS } from '@agentry/domain/search-fields';
import type { Settings } from 'meilisearch';
import { meiliSynonyms } from '../query/concepts';
import { FEATURES } from '../query/features';

// The settings of every index this adapter creates (the live one and each rebuild), so a rebuilt
// index ranks exactly like the one it replaces. They are applied once per deploy by `npm run
// migrate` (migrate.ts), never at a process's start: each settings update may re-index every
// document (https://www.meilisearch.com/docs/capabilities/full_text_search/how_to/configure_searchable_attributes:
// "Updating searchableAttributes triggers a re-indexing of all documents"). Processes compare the
// fingerprint migrate records beside the index with their own (readiness.ts).

/** Field weights in Meilisearch's "attribute" rule come from this order (name matters most). */
export const SEARCHABLE_ATTRIBUTES = ['name', 'role', 'category', 'description', 'provider'];

/**
 * Facets (the spec's fields and the structured profile's facts, domain/search-fields.ts), the
 * price ranges (the monthly price read from the cost, the profile's starting price per month), and
 * `id` for excludeIds and similarTo's "leave this one out".
 */
export const FILTERABLE_ATTRIBUTES = ['id', ...FACET_FIELDS, 'price_monthly', STARTING_PRICE_FIELD];

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

/**
 * Facet values returned per facet (category and role lists are the longest, and the profile's
 * integrations, free text; Meilisearch's default is 100). Which values: FACET_ORDER decides. The
 * embedded engine cuts the profile facets at the same number (domain/src/request-bounds.ts).
 */
export const MAX_VALUES_PER_FACET = FACET_VALUES_MAX;

/**
 * The most used values first, so that past MAX_VALUES_PER_FACET the provider, category and role
 * facets (and the roles the query planner reads, meili-engine.ts knownRoles) keep the 200 most
 * used rather than the first 200 from A to Z. "By default, all facet values are sorted in ascending
 * alphanumeric order" (https://www.meilisearch.com/docs/capabilities/filtering_sorting_faceting/how_to/filter_with_facets,
 * faceting.sortFacetValuesBy), and the cut comes after the ordering (v1.28.2
 * crates/milli/src/search/facet/facet_distribution.rs walks the values by count and stops at the
 * maximum).
 */
export const FACET_ORDER = { '*': 'count' } as const;

/**
 * How deep paging can go: `search-by-role` pages down to 10,000 results (domain/src/request-bounds.ts), and
 * Meilisearch never returns a hit, nor counts one in totalHits or estimatedTotalHits, beyond
 * maxTotalHits (v1.28.2 crates/meilisearch/src/search/mod.rs: `min(candidates.len(),
 * max_total_hits)`). Ten times the default of 1,000; the pagination guide warns that values above
 * 20,000 "may result in queries taking seconds"
 * (https://www.meilisearch.com/docs/capabilities/full_text_search/how_to/paginate_search_results).
 * Counts that must be exact past it come from facet distributions instead (alternatives.ts).
 */
export const MAX_TOTAL_HITS = 10_000;

/**
 * Meilisearch looks synonyms up only for query terms of one to three words ("Terms with 4 or more
 * words will not return any synonym matches",
 * https://www.meilisearch.com/docs/capabilities/full_text_search/relevancy/synonyms#synonym-term-length-limitation).
 * Longer phrases stay as values (a shorter phrase still reaches them) but are no keys; a query
 * holding one is rewritten to a phrase of its concept that is short enough (long-phrases.ts).
 */
export const MAX_SYNONYM_TERM_WORDS = 3;

const wordCount = (phrase: string) => phrase.split(/\s+/).filter(Boolean).length;

/** The synonyms setting: every concept phrase Meilisearch can look up, each with the rest of its group. */
export function indexSynonyms(): Record<string, string[]> {
  if (!FEATURES.concepts) return {};
  return Object.fromEntries(
    Object.entries(meiliSynonyms()).filter(([term]) => wordCount(term) <= MAX_SYNONYM_TERM_WORDS),
  );
}

export function indexSettings(): Settings {
  return {
    searchableAttributes: SEARCHABLE_ATTRIBUTES,
    filterableAttributes: FILTERABLE_ATTRIBUTES,
    sortableAttributes: SORTABLE_ATTRIBUTES,
    displayedAttributes: ['*'],
    // The curated concept groups, so "accounting" reaches a Bookkeeper as in the embedded engine.
    // The concepts ablation turns them off here too (for indexes migrated or rebuilt after it).
    synonyms: indexSynonyms(),
    typoTolerance: { enabled: true, minWordSizeForTypos: { ...MIN_WORD_SIZE_FOR_TYPOS } },
    rankingRules: RANKING_RULES,
    faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET, sortFacetValuesBy: { ...FACET_ORDER } },
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
  };
}

/** JSON with object keys sorted, so that equal settings always give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * What `npm run migrate` records beside the index once it has applied these settings, and what each
 * process compares at start: the same text means the index ranks as this version of the code asks.
 */
export function settingsFingerprint(settings: Settings = indexSettings()): string {
  return createHash('sha256').update(canonical(settings)).digest('hex').slice(0, 16);
}
