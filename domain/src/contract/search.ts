import { z } from 'zod';
import { MAX_LENGTHS } from '../input-lengths';
import {
  MULTI_SEARCH_MAX_REQUESTS,
  SEARCH_MAX_DEPTH,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_TOO_LONG,
} from '../request-bounds';
import { FACET_FIELDS, HIGHLIGHT_FIELDS } from '../search-fields';
import type {
  MatchExplanation as MatchExplanationFields,
  SearchSuggestions as SuggestionFields,
} from '../search-match';
import { PublicAgent } from './agents';
import { pageQuery } from './shapes';

// Search (server/src/routes/api/search/): the spec's GET /api/search and /api/search-by-role, the
// similar agents, and the InstantSearch multi-search that the home page and the employer's
// advanced search post (one request shape for both endpoints).

export { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG };
export const SEARCH_DEFAULT_LIMIT = 20;

/** A query as every search endpoint takes it: longer is a 400 that says so, never a silent cut. */
export const searchQueryText = z.string().max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG);

export const SearchQuery = z.object({
  query: searchQueryText.default(''),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_DEFAULT_LIMIT),
});

/** A role's agents by name, SEARCH_PAGE_MAX at a time (also the default), no deeper than SEARCH_MAX_DEPTH. */
export const SearchByRoleQuery = z
  .object({
    role: z.string().trim().min(1, 'role is required').max(MAX_LENGTHS.role),
    category: z.string().trim().max(MAX_LENGTHS.category).optional(),
    ...pageQuery({ defaultLimit: SEARCH_PAGE_MAX, maxLimit: SEARCH_PAGE_MAX, maxOffset: SEARCH_MAX_DEPTH }),
  })
  .refine((query) => query.offset + query.limit <= SEARCH_MAX_DEPTH, {
    path: ['offset'],
    message: `offset + limit must be at most ${SEARCH_MAX_DEPTH}: search results go no deeper`,
  });

export const SimilarQuery = z.object({ limit: z.coerce.number().int().min(1).max(24).default(6) });

/**
 * POST /api/instantsearch/multi-search and POST /api/employer/instantsearch/multi-search:
 * react-instantsearch's requests, at most MULTI_SEARCH_MAX_REQUESTS. `params` is read by the
 * server's InstantSearch adapter (an object, or Algolia's URL-encoded string).
 */
export const MultiSearchBody = z.object({
  requests: z
    .array(
      z.object({
        indexName: z.string().max(100).optional(),
        params: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]).optional(),
      }),
    )
    .min(1, 'requests must not be empty')
    .max(MULTI_SEARCH_MAX_REQUESTS, `at most ${MULTI_SEARCH_MAX_REQUESTS} requests at once`),
});
export type MultiSearchBody = z.infer<typeof MultiSearchBody>;
export type MultiSearchRequest = MultiSearchBody['requests'][number];

export const FacetAttribute = z.enum(FACET_FIELDS);
export const HighlightAttribute = z.enum(HIGHLIGHT_FIELDS);

export const HighlightResult = z.strictObject({
  value: z.string().meta({ description: 'The text with matches wrapped in the requested tags.' }),
  matchLevel: z.enum(['none', 'partial', 'full']),
  matchedWords: z.array(z.string()),
  fullyHighlighted: z.boolean(),
});
export type HighlightResult = z.infer<typeof HighlightResult>;

/** An agent as InstantSearch reads it: its public fields, its id again as objectID, its highlights. */
/** Why an agent was found (domain/search-match.ts), checked against MatchExplanation. */
const matchFields = z.strictObject({
  match: z
    .boolean()
    .meta({ description: 'Meets the match floor; false for a related agent, listed after the matches.' }),
  matched: z.array(z.strictObject({ words: z.string(), as: z.string().optional() })),
  missing: z.array(z.string()),
  role: z.string().optional(),
  category: z.string().optional(),
  name: z.boolean().optional(),
  alternativeTo: z.string().optional(),
}) satisfies z.ZodType<MatchExplanationFields>;

/** A hit's `_why`: why it was found, and the same as one line of text. */
export const MatchExplanation = matchFields.extend({ text: z.string() });

/** What a search with no close match offers instead, checked against SearchSuggestions. */
export const SearchSuggestions = z.strictObject({
  query: z.string().optional(),
  categories: z.array(z.string()),
  roles: z.array(z.strictObject({ role: z.string(), category: z.string() })),
}) satisfies z.ZodType<SuggestionFields>;

/** An agent as InstantSearch reads it: its public fields, its id again as objectID, its highlights, why it was found. */
export const InstantSearchHit = PublicAgent.extend({
  objectID: z.string().meta({ description: 'The agent id.' }),
  _highlightResult: z.record(HighlightAttribute, HighlightResult).meta({
    description: 'One entry per highlighted attribute (name, role, category, description, provider).',
  }),
  _why: MatchExplanation.optional(),
});
export type InstantSearchHit = z.infer<typeof InstantSearchHit>;

/** One search's answer, in the shape InstantSearch reads (Algolia's search response). */
export const InstantSearchResult = z.strictObject({
  index: z.string(),
  query: z.string(),
  params: z.literal(''),
  hits: z.array(InstantSearchHit),
  nbHits: z.number().int().min(0),
  /** How many hits meet the match floor (nbHits also counts the related agents listed after them). */
  matchCount: z.number().int().min(0),
  suggestions: SearchSuggestions.optional(),
  page: z.number().int().min(0),
  hitsPerPage: z.number().int().min(0),
  nbPages: z.number().int().min(0),
  facets: z.partialRecord(FacetAttribute, z.record(z.string(), z.number().int().min(0))).meta({
    description: 'Value counts per requested facet, e.g. {"category": {"Finance": 12}}.',
  }),
  exhaustiveFacetsCount: z.literal(true),
  exhaustiveNbHits: z.literal(true),
  exhaustive: z.strictObject({ facetsCount: z.literal(true), nbHits: z.literal(true) }),
  processingTimeMS: z.number().min(0),
});
export type InstantSearchResult = z.infer<typeof InstantSearchResult>;

/** The multi-search's answer: one result per request, in the order asked. */
export const MultiSearchAnswer = z.strictObject({ results: z.array(InstantSearchResult) });
export type MultiSearchAnswer = z.infer<typeof MultiSearchAnswer>;
