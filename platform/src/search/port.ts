import type { PublicAgent } from '@agentry/domain/agent';
import type { ProfileSearchFacts } from '@agentry/domain/profile-facets';
import {
  FACET_FIELDS,
  type FacetField,
  HIGHLIGHT_FIELDS,
  type HighlightFieldName,
} from '@agentry/domain/search-fields';
import type { MatchExplanation, SearchSuggestions } from '@agentry/domain/search-match';

export type { MatchExplanation, SearchSuggestions };

// The search port. Two engines implement it: the embedded engine (embedded/) that runs in-process
// on a file in DATA_DIR, and Meilisearch (meili/). The indexer writes through it; the API reads.
// A third, the store's plain matching (store-fallback/), answers when neither can.

/**
 * What the engine stores per agent: its public fields (names and descriptions entity-decoded),
 * when it was listed (for the newest-first order) and the facts of its structured profile that
 * search filters on (issue 28; absent from documents indexed before them, and from agents without
 * a profile). Hits are presented with the public fields only.
 */
export type SearchDocument = PublicAgent & { created_at?: string } & Partial<ProfileSearchFacts>;

export { FACET_FIELDS, type FacetField, HIGHLIGHT_FIELDS, type HighlightFieldName };

export type SortOrder = 'relevance' | 'price_asc' | 'price_desc' | 'name' | 'newest';

/**
 * A monthly price range in USD. Bounds are inclusive unless marked exclusive (`price_monthly>29`
 * leaves out agents at 29). Agents without a stated monthly price are outside every range.
 */
export interface PriceRange {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
}

export interface SearchRequest {
  query: string;
  /** 0-based. */
  page?: number;
  hitsPerPage?: number;
  /** Values are OR-ed within a field and AND-ed across fields; matching is exact (case-insensitive). */
  filters?: Partial<Record<FacetField, string[]>>;
  priceMonthly?: PriceRange;
  /** The profile's starting price per month in USD (domain/profile-facets.ts), as a range. */
  startingPriceMonthly?: PriceRange;
  /** Facets to count over every hit (after filters). */
  facets?: FacetField[];
  /**
   * How many values each facet answers: the most counted first, and the values filtered on
   * (facet-values.ts). At most FACET_VALUES_MAX, which is also the default.
   */
  maxValuesPerFacet?: number;
  highlight?: boolean;
  sort?: SortOrder;
  /** Agent ids to leave out. */
  excludeIds?: string[];
  /** Rank by likeness to this agent instead of by the query (the agent itself is left out). */
  similarTo?: string;
}

/** A highlighted field as alternating parts; renderers escape text and add their own tags. */
export interface Highlight {
  parts: Array<{ text: string; match: boolean }>;
  matchedWords: string[];
  /** full: every query word matched in this field; partial: some; none: no match. */
  matchLevel: 'none' | 'partial' | 'full';
}

export interface SearchHit {
  document: SearchDocument;
  highlight?: Partial<Record<HighlightFieldName, Highlight>>;
  /**
   * How the hit relates to the query (searches with words, not browsing or similar agents): whether
   * it meets the match floor, and what it matched. Every engine sets it the same way.
   */
  why?: MatchExplanation;
}

export interface SearchResponse {
  hits: SearchHit[];
  /** Hits in the list: the matches, then related agents (at most a page of them). */
  totalHits: number;
  /**
   * How many hits meet the match floor: they come first. A browse (no words) or a list of similar
   * agents has no floor: every hit counts.
   */
  matchCount: number;
  /** When a search with words has no close match: what to try instead. */
  suggestions?: SearchSuggestions;
  page: number;
  hitsPerPage: number;
  facets: Partial<Record<FacetField, Record<string, number>>>;
  processingTimeMs: number;
}

export interface IndexStats {
  documents: number;
  checkpoint: number;
}

/** A new index being built beside the live one; swap() makes it live atomically. */
export interface IndexBuild {
  add(documents: SearchDocument[]): Promise<void>;
  /** Makes the new index live and records the change-log position it reflects. */
  swap(checkpoint: number): Promise<void>;
  abort(): Promise<void>;
}

export interface ApplyBatch {
  upserts: SearchDocument[];
  deletes: string[];
  /** The change-log position the index reflects once this batch is in. */
  checkpoint: number;
  /**
   * The position this batch continues from. When the index's checkpoint is no longer this (a
   * rebuild was swapped in meanwhile), the engine skips the batch so the indexer re-reads from the
   * new position instead of writing a later checkpoint over changes the new index never saw.
   */
  expectCheckpoint?: number;
}

export interface ApplyResult {
  rejected: Array<{ id: string; reason: string }>;
  /** True when expectCheckpoint did not match and nothing was written. */
  skipped?: boolean;
}

export interface SearchEngine {
  readonly kind: 'embedded' | 'meilisearch' | 'store';
  /** `key`: answerKey(request) when the caller built it already (engines that keep answers). */
  search(request: SearchRequest, key?: string): Promise<SearchResponse>;
  /**
   * The answer search(request) would give from the engine's own cache of answers, at once, or
   * undefined when it would have to search (it searches nothing itself). Engines that keep no answers
   * in this process (Meilisearch, the store's fallback) leave it out, and answerKey with it. The API
   * answers a cached search without waiting for a turn of the event loop (server/src/http/fair-turns.ts).
   */
  cached?(request: SearchRequest, key?: string): SearchResponse | undefined;
  /**
   * The key the engine keeps request's answer under (a JSON text of it): a caller that asks
   * cached() and then, on a miss, search() builds it once and passes it to both.
   */
  answerKey?(request: SearchRequest): string;
  /**
   * Null when the engine runs no search on this thread; else a promise that settles once it runs
   * none. The embedded engine runs a search in slices of the event loop, one at a time: the API's
   * fair turns start the next search once it is idle, rather than queue searches behind it in
   * arrival order (server/src/http/fair-turns.ts). Engines on the network leave it out.
   */
  idle?(): Promise<void> | null;
  /**
   * Works out ahead what the first searches of an index loaded later would work out on the thread
   * that answers while requests wait (the embedded engine: the English lexicon, the query
   * concepts, the planner's code), once search is to answer from the store for a while (an index
   * rebuilt after it was lost): the API calls it before it takes requests. Engines with nothing
   * to prepare leave it out.
   */
  prepare?(): Promise<void>;
  /**
   * Applies upserts and deletes, idempotently, then records the change-log position they reflect.
   * A document rejected by the engine is reported, not thrown, so one bad record never blocks the rest.
   */
  apply(batch: ApplyBatch): Promise<ApplyResult>;
  /** The change-log position the live index reflects (0 for a new index). */
  checkpoint(): Promise<number>;
  /**
   * The change-log position of the index this process searches, when that differs from the live
   * index's (checkpoint()): a serving embedded engine loads its index in the background and then
   * follows the file. Null while it has no index to search yet. Engines that search their live
   * index directly (Meilisearch) leave it out.
   */
  servingPosition?(): number | null;
  beginRebuild(): Promise<IndexBuild>;
  /** Every document id in the live index with a fingerprint of its content, for `reindex --check`. */
  fingerprints(): Promise<Map<string, string>>;
  stats(): Promise<IndexStats>;
  /** Rejects when the engine cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
