import type { Agent } from '@agentry/domain/agent';
import { isProfileFacet } from '@agentry/domain/search-fields';
import type { Store } from '../../store/port';
import { attachTrust } from '../../store/trust/with-agent-trust';
import { searchDocumentsOf } from '../agent-documents';
import { fingerprint, toSearchDocument } from '../document';
import { withFacetValuesWanted } from '../facet-values';
import type {
  ApplyBatch,
  ApplyResult,
  IndexBuild,
  IndexStats,
  SearchDocument,
  SearchEngine,
  SearchRequest,
  SearchResponse,
} from '../port';
import { readCandidates } from './candidates';
import { countFacets } from './facet-counts';
import { requestFilter } from './filter';
import { comparatorOf } from './order';
import { plainFloor } from './plain-floor';

/** Whether a request filters or counts on the profile's facts. */
function readsProfiles(request: SearchRequest): boolean {
  return (
    request.startingPriceMonthly !== undefined ||
    (request.facets ?? []).some(isProfileFacet) ||
    Object.entries(request.filters ?? {}).some(
      ([field, values]) => isProfileFacet(field) && values.length > 0,
    )
  );
}

/** Any query with a word does: the texts are read before any word is looked for. */
const WARM_UP_QUERY = 'warm up';

/** Agents per read when fingerprinting the whole catalog. */
const SCAN_BATCH = 1000;

/**
 * The engine with no index: it answers from the store's plain matching, with the port's filters,
 * orders, paging and facet counts, but forgives no typo, knows no synonym and highlights nothing.
 * The API falls back on it when the real engine cannot answer. The store is the source of truth,
 * so writes are accepted and change nothing: apply() and rebuilds only record the change-log
 * position (in memory), so that the port's checkpoint rules hold.
 */
export class StoreFallbackEngine implements SearchEngine {
  readonly kind = 'store' as const;
  private position = 0;
  /** Rebuilds begun, and the last one swapped in: one begun earlier never goes live after it. */
  private begun = 0;
  private live = 0;

  constructor(private readonly store: Store) {}

  async search(request: SearchRequest): Promise<SearchResponse> {
    const started = performance.now();
    const pageNumber = request.page ?? 0;
    const hitsPerPage = request.hitsPerPage ?? 20;
    const candidates = await readCandidates(this.store, request);
    // With their profiles' facts when the request reads them (one batched read: the candidates are
    // bounded, candidates.ts).
    const documents = await this.documentsOf(candidates, request);
    const agentOf = new Map<SearchDocument, Agent>();
    for (let i = 0; i < documents.length; i++) agentOf.set(documents[i]!, candidates[i]!);
    const found = documents.filter(requestFilter(request));
    const compare = comparatorOf(request.sort);
    if (compare) found.sort(compare);
    const floor = plainFloor(request, found);
    const listed = floor ? floor.listed : found;
    const onPage = listed.slice(pageNumber * hitsPerPage, (pageNumber + 1) * hitsPerPage);
    // Trust signals (badge, site state, ratings, logo) are shown, never filtered, sorted or counted
    // on: the page's agents get them, not the thousand candidates (issue 24: four batched reads of a
    // thousand ids each, on the thread that answers, for a page of twenty).
    const shown = await this.documentsOf(
      await attachTrust(
        onPage.map((document) => agentOf.get(document)!),
        this.store,
      ),
      request,
    );
    return {
      hits: shown.map((document, i) => (floor ? { document, why: floor.why(onPage[i]!) } : { document })),
      // Both count the bounded candidates (candidates.ts), which may be fewer than the catalog holds.
      totalHits: listed.length,
      matchCount: floor ? floor.matchCount : found.length,
      page: pageNumber,
      hitsPerPage,
      facets: withFacetValuesWanted(countFacets(floor ? floor.matches : found, request.facets), request),
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  /** The agents' search documents, with their profiles' facts when the request reads them. */
  private async documentsOf(agents: Agent[], request: SearchRequest): Promise<SearchDocument[]> {
    return readsProfiles(request)
      ? searchDocumentsOf(this.store, agents)
      : agents.map((agent) => toSearchDocument(agent));
  }

  /**
   * Asks the store's plain matching once, answer unused: its first query reads every agent's text
   * (a file-based store keeps a copy on its worker thread, store/sqlite/plain-match-texts.ts), which
   * at 100,000 agents takes longer than a search may; asked ahead, no visitor's search pays for it.
   */
  async warmUp(): Promise<void> {
    await this.store.agents.searchBasic(WARM_UP_QUERY, 1);
  }

  async apply(batch: ApplyBatch): Promise<ApplyResult> {
    if (batch.expectCheckpoint !== undefined && batch.expectCheckpoint !== this.position)
      return { rejected: [], skipped: true };
    this.position = batch.checkpoint;
    return { rejected: [] };
  }

  async checkpoint(): Promise<number> {
    return this.position;
  }

  async beginRebuild(): Promise<IndexBuild> {
    const generation = ++this.begun;
    return {
      add: async () => {},
      swap: async (checkpoint) => {
        if (generation < this.live) return;
        this.live = generation;
        this.position = checkpoint;
      },
      abort: async () => {},
    };
  }

  async fingerprints(): Promise<Map<string, string>> {
    const prints = new Map<string, string>();
    for await (const agents of this.store.agents.scan(SCAN_BATCH))
      for (const document of await searchDocumentsOf(this.store, agents))
        prints.set(document.id, fingerprint(document));
    return prints;
  }

  async stats(): Promise<IndexStats> {
    return { documents: await this.store.agents.count(), checkpoint: this.position };
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  /** The store is its opener's to close. */
  async close(): Promise<void> {}
}
