import { STARTING_PRICE_FIELD } from '@agentry/domain/profile-facets';
import type { Filter, MatchingStrategies, SearchParams } from 'meilisearch';
import { facetValuesWanted, mostCountedValues } from '../facet-values';
import {
  FACET_FIELDS,
  type FacetField,
  HIGHLIGHT_FIELDS,
  type PriceRange,
  type SearchHit,
  type SearchRequest,
  type SearchResponse,
  type SortOrder,
} from '../port';
import type { QueryGroup } from '../query/plan';
import { fromStoredDocument, type StoredDocument } from './documents';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG, highlightDocument, matchContext } from './highlight';
import { explainHit, type HitStanding, isMatchHit, listedTotal, MEILI_MATCH_SCORE } from './match-floor';

// The port's SearchRequest as Meilisearch search parameters, and Meilisearch's answer as the port's
// SearchResponse. Pure functions: unit-tested without a server (translate.test.ts).

export const DEFAULT_HITS_PER_PAGE = 20;

/**
 * 'frequency' rather than 'last' for people's queries. When no agent has every query word,
 * Meilisearch drops words until some do: 'last' drops from the end, so the first word must always
 * match, and people's first words are often filler ("best tool to answer customer emails", "I need
 * an agent that…"): every agent lacking "best" would be lost. 'frequency' drops words that match
 * nothing first, then the words most agents have ("ai", "agent", "tool"), and keeps the rarest,
 * most distinctive ones, like the embedded engine that weighs words by rarity. Its known weakness:
 * a rare word must match, so a word only one unrelated agent has narrows the results to it.
 * similarTo's keyword query uses 'last' instead (see meili-engine.ts).
 */
export const MATCHING_STRATEGY: MatchingStrategies = 'frequency';

/** The port's page (0-based) and page size, made whole and non-negative. */
export function pageOf(request: Pick<SearchRequest, 'page'>): number {
  const page = Math.floor(request.page ?? 0);
  return Number.isFinite(page) && page > 0 ? page : 0;
}

export function hitsPerPageOf(request: Pick<SearchRequest, 'hitsPerPage'>): number {
  const size = Math.floor(request.hitsPerPage ?? DEFAULT_HITS_PER_PAGE);
  return Number.isFinite(size) && size > 0 ? size : 0;
}

/**
 * A filter value in double quotes. Meilisearch unescapes \" and then \\ (filter-parser's value.rs),
 * so backslashes are doubled and quotes escaped: any facet value, however odd, is matched literally
 * rather than read as filter syntax.
 */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A number as a filter operand; null when it is not a finite number (the bound is then ignored). */
function operand(value: number | undefined): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

type FilterClause = string | string[];

/**
 * The request's filters in Meilisearch's array syntax: the outer array is AND, an inner array is
 * OR. Facet values go as given; Meilisearch compares strings with = case-insensitively, as the port
 * asks. A price bound leaves out agents without a monthly price, as in the embedded engine.
 */
export function buildFilter(
  request: Pick<SearchRequest, 'filters' | 'priceMonthly' | 'startingPriceMonthly' | 'excludeIds'>,
  extra: FilterClause[] = [],
): FilterClause[] {
  const clauses: FilterClause[] = [];
  for (const field of FACET_FIELDS) {
    const values = [...new Set(request.filters?.[field] ?? [])];
    if (values.length === 0) continue;
    const alternatives = values.map((value) => `${field} = ${facetOperand(field, value)}`);
    clauses.push(alternatives.length === 1 ? alternatives[0]! : alternatives);
  }
  clauses.push(...rangeClauses('price_monthly', request.priceMonthly));
  clauses.push(...rangeClauses(STARTING_PRICE_FIELD, request.startingPriceMonthly));
  for (const id of new Set(request.excludeIds ?? [])) clauses.push(`id != ${quote(id)}`);
  return [...clauses, ...extra];
}

/**
 * A facet value as a filter operand: quoted, but a yes/no fact (free_trial, a boolean in the
 * document) as a bare true or false, as Meilisearch's filter syntax writes booleans. Any other
 * value of it stays quoted, and matches nothing.
 */
function facetOperand(field: FacetField, value: string): string {
  if (field === 'free_trial') {
    const flag = value.trim().toLowerCase();
    if (flag === 'true' || flag === 'false') return flag;
  }
  return quote(value);
}

/** A range's bounds on a numeric field (a document without the field is outside every range). */
function rangeClauses(field: string, range: PriceRange | undefined): string[] {
  const min = operand(range?.min);
  const max = operand(range?.max);
  const clauses: string[] = [];
  if (min !== null) clauses.push(`${field} ${range?.minExclusive ? '>' : '>='} ${min}`);
  if (max !== null) clauses.push(`${field} ${range?.maxExclusive ? '<' : '<='} ${max}`);
  return clauses;
}

/**
 * Meilisearch sort rules for the port's order. Ties go by name, as in the embedded engine. An empty
 * query has no relevance to rank by, so it lists agents by name like the embedded engine does
 * (Meilisearch would otherwise return them in internal id order). Agents without a monthly price
 * lack the field in the index (documents.ts), which Meilisearch sorts last both ways.
 */
export function sortRules(sort: SortOrder | undefined, query: string): string[] | undefined {
  switch (sort) {
    case 'price_asc':
      return ['price_monthly:asc', 'name:asc'];
    case 'price_desc':
      return ['price_monthly:desc', 'name:asc'];
    case 'name':
      return ['name:asc'];
    case 'newest':
      return ['created_at:desc', 'name:asc'];
    default:
      return query === '' ? ['name:asc'] : undefined;
  }
}

export interface TranslateOptions {
  /** A Meilisearch embedder configured on the index: ordinary searches become hybrid. */
  embedder?: string;
  semanticRatio?: number;
  /** Overrides MATCHING_STRATEGY (similarTo's keyword query orders its words by importance). */
  matchingStrategy?: MatchingStrategies;
}

/**
 * Parameters for a search with finite pagination (page/hitsPerPage), so the answer has an exact
 * totalHits: the main search of a page, whose count the visitor sees (results, pages,
 * X-Total-Count). Searches whose count nobody reads go by offset/limit (withOffsetLimit), the
 * documented cheaper way: "calculating the exhaustive number of documents matching a query is a
 * resource-intensive process"
 * (https://www.meilisearch.com/docs/capabilities/full_text_search/how_to/paginate_search_results).
 */
export type MeiliSearchParams = SearchParams & { q: string; page: number; hitsPerPage: number };

/** The same page by offset and limit: the hits without an exhaustive count (estimatedTotalHits). */
export function withOffsetLimit(params: MeiliSearchParams): SearchParams & { q: string } {
  const { page, hitsPerPage, ...rest } = params;
  return { ...rest, offset: Math.max(0, page - 1) * hitsPerPage, limit: hitsPerPage };
}

export function toSearchParams(
  request: SearchRequest,
  options: TranslateOptions = {},
  extraFilter: FilterClause[] = [],
): MeiliSearchParams {
  const query = request.query.trim();
  const params: MeiliSearchParams = {
    q: query,
    // Meilisearch pages from 1.
    page: pageOf(request) + 1,
    hitsPerPage: hitsPerPageOf(request),
    matchingStrategy: options.matchingStrategy ?? MATCHING_STRATEGY,
  };
  const filter: Filter = buildFilter(request, extraFilter);
  if (filter.length > 0) params.filter = filter;
  const sort = sortRules(request.sort, query);
  if (sort) params.sort = sort;
  const facets = facetsOf(request);
  if (facets.length > 0) params.facets = facets;
  // Like the embedded engine: nothing to mark for an empty query, nor when ranking by likeness.
  if (request.highlight && query !== '' && !request.similarTo) {
    params.attributesToHighlight = [...HIGHLIGHT_FIELDS];
    params.highlightPreTag = HIGHLIGHT_PRE_TAG;
    params.highlightPostTag = HIGHLIGHT_POST_TAG;
  }
  if (options.embedder && query !== '')
    params.hybrid = { embedder: options.embedder, semanticRatio: options.semanticRatio ?? 0.5 };
  // The match floor (match-floor.ts): a relevance search shows each hit's score; a sorted list of
  // a query holds the matches only.
  if (query !== '' && !request.similarTo) {
    if ((request.sort ?? 'relevance') === 'relevance') params.showRankingScore = true;
    else params.rankingScoreThreshold = MEILI_MATCH_SCORE;
  }
  return params;
}

/** The requested facets that the port knows, each once. */
export function facetsOf(request: Pick<SearchRequest, 'facets'>): FacetField[] {
  return [...new Set(request.facets ?? [])].filter((field) => FACET_FIELDS.includes(field));
}

/** What we read from any Meilisearch search answer (search, federated multi-search, similar documents). */
export interface MeiliResult {
  hits: ReadonlyArray<StoredDocument & HitStanding & { _formatted?: Partial<Record<string, unknown>> }>;
  totalHits?: number;
  /** How many hits meet the match floor (a count request with rankingScoreThreshold). */
  matchCount?: number;
  estimatedTotalHits?: number;
  facetDistribution?: Record<string, Record<string, number>>;
  processingTimeMs?: number;
}

/** The query's parts, for the match floor and the "why" of each hit (searches with words). */
export interface QueryReading {
  query: string;
  groups: QueryGroup[];
}

/**
 * Meilisearch's answer as the port's: documents without Meilisearch's _ fields, highlights from
 * `_formatted`, requested facets (an empty count for a facet with no values), totalHits exact when
 * Meilisearch paged by page/hitsPerPage and its estimate otherwise. With a reading of the query,
 * each hit says whether it meets the match floor and why it was found, matches first.
 */
export function fromMeiliResult(
  result: MeiliResult,
  request: SearchRequest,
  reading?: QueryReading,
): SearchResponse {
  const query = request.query.trim();
  const context = request.highlight && query !== '' && !request.similarTo ? matchContext(query) : undefined;
  const floor = reading && query !== '' && !request.similarTo;
  const hits: SearchHit[] = result.hits.map((hit) => {
    const document = fromStoredDocument(hit);
    const highlight =
      context || floor ? highlightDocument(document, hit._formatted, matchContext(query)) : undefined;
    const answer: SearchHit = context ? { document, highlight } : { document };
    if (floor) answer.why = explainHit(reading.query, reading.groups, document, highlight, hit);
    return answer;
  });
  const facets: SearchResponse['facets'] = {};
  // Meilisearch takes no maxValuesPerFacet per search (an index setting: settings.ts): cut here.
  const most = facetValuesWanted(request);
  for (const field of facetsOf(request))
    facets[field] = mostCountedValues(
      { ...(result.facetDistribution?.[field] ?? {}) },
      most,
      request.filters?.[field],
    );
  const found = result.totalHits ?? result.estimatedTotalHits ?? hits.length;
  const sorted = (request.sort ?? 'relevance') !== 'relevance';
  // A sorted list was asked for its matches only (toSearchParams); a relevance list's matches were
  // counted beside it (planned-search.ts).
  const matchCount = !floor
    ? found
    : sorted
      ? found
      : (result.matchCount ?? result.hits.filter(isMatchHit).length);
  const ordered = floor
    ? [...hits.filter((hit) => hit.why?.match), ...hits.filter((hit) => !hit.why?.match)]
    : hits;
  return {
    hits: ordered,
    totalHits: floor && !sorted ? listedTotal(matchCount, found) : found,
    matchCount,
    page: pageOf(request),
    hitsPerPage: hitsPerPageOf(request),
    facets,
    processingTimeMs: result.processingTimeMs ?? 0,
  };
}

/** An answer with no hits (similarTo names an agent that is not in the index). */
export function emptyResponse(request: SearchRequest): SearchResponse {
  return fromMeiliResult({ hits: [], totalHits: 0 }, request);
}
