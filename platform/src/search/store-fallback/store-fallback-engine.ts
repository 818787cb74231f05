import type { Agent } from '@agentry/domain/agent';
import { isProfileFacet } from '@agentry/domain/search-fields';
import type { MatchExplanation } from '@agentry/domain/search-match';
import { heldWords } from '../../store/basic-search';
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
import { QUERY_CANDIDATES, readCandidates } from './candidates';
import { countFacets } from './facet-counts';
import { filtersNothing, requestFilter } from './filter';
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

/** A page of candidates and what the answer says of them all. */
interface Listing<T> {
  /** The candidates listed, in order: the page is cut from them. */
  listed: T[];
  /** Why each is listed (a query's floor), or null when every candidate counts. */
  floor: { why(candidate: T): MatchExplanation } | null;
  matchCount: number;
  facets: SearchResponse['facets'];
  /** The page's whole agents with their trust signals, in its order; undefined for one gone since. */
  records(page: T[]): Promise<Array<Agent | undefined>>;
}

/**
 * A query that neither filters, sorts, counts facets nor reads profiles (the visitors' search box):
 * its answer needs of each candidate only the five texts the floor reads.
 */
function isPlainQuery(request: SearchRequest): boolean {
  return (
    filtersNothing(request) &&
    comparatorOf(request.sort) === null &&
    (request.facets?.length ?? 0) === 0 &&
    !readsProfiles(request)
  );
}

/**
 * A plain query's listing from the candidates as they are: floored on the query words each holds
 * (`heldOf`), with no search document made but the page's (a thousand of them, and the thousand
 * objects' garbage, were a degraded search's largest share of the request thread, issue 24).
 */
function plainListing<T>(
  request: SearchRequest,
  candidates: T[],
  heldOf: (candidate: T, tokens: readonly string[]) => number,
  records: Listing<T>['records'],
): Listing<T> {
  const floor = plainFloor(request, candidates, heldOf);
  return {
    listed: floor ? floor.listed : candidates,
    floor,
    matchCount: floor ? floor.matchCount : candidates.length,
    facets: withFacetValuesWanted(countFacets([], request.facets), request),
    records,
  };
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
    const query = request.query.trim();
    // The visitors' search box: the candidates' ids and the query words each holds, not a thousand
    // whole agents (nor their texts) read, copied from the plain-matching thread and made into
    // objects for a page of twenty (issue 24); the page's own agents are read whole.
    if (isPlainQuery(request) && query !== '') {
      const held = await this.store.agents.searchBasicHeld(query, QUERY_CANDIDATES);
      return this.answer(
        request,
        started,
        plainListing(
          request,
          Array.from(held.ids.keys()),
          (candidate) => held.held[candidate]!,
          (page) => this.recordsOf(page.map((candidate) => held.ids[candidate]!)),
        ),
      );
    }
    const candidates = await readCandidates(this.store, request);
    return this.answer(
      request,
      started,
      isPlainQuery(request)
        ? plainListing(request, candidates, heldWords, (page) => this.withTrust(page))
        : await this.documentListing(request, candidates),
    );
  }

  /** The answer: the listing's page, its documents, and what it says of every candidate. */
  private async answer<T>(
    request: SearchRequest,
    started: number,
    listing: Listing<T>,
  ): Promise<SearchResponse> {
    const pageNumber = request.page ?? 0;
    const hitsPerPage = request.hitsPerPage ?? 20;
    const { listed, floor } = listing;
    const onPage = listed.slice(pageNumber * hitsPerPage, (pageNumber + 1) * hitsPerPage);
    // Trust signals (badge, site state, ratings, logo) are shown, never filtered, sorted or counted
    // on: the page's agents get them, not the thousand candidates (issue 24: four batched reads of a
    // thousand ids each, on the thread that answers, for a page of twenty).
    const records = onPage.length > 0 ? await listing.records(onPage) : [];
    const kept = onPage.flatMap((candidate, i) => {
      const agent = records[i];
      return agent ? [{ candidate, agent }] : [];
    });
    const shown = await this.documentsOf(
      kept.map(({ agent }) => agent),
      request,
    );
    return {
      hits: shown.map((document, i) =>
        floor ? { document, why: floor.why(kept[i]!.candidate) } : { document },
      ),
      // Both count the bounded candidates (candidates.ts), which may be fewer than the catalog holds.
      totalHits: listed.length,
      matchCount: listing.matchCount,
      page: pageNumber,
      hitsPerPage,
      facets: listing.facets,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  /**
   * The page's agents read whole (with their trust signals), in the page's order. One removed or
   * deleted since its words were told is left off the page; the totals, counted from the words,
   * still hold it (the next search's will not).
   */
  private async recordsOf(page: string[]): Promise<Array<Agent | undefined>> {
    const byId = new Map<string, Agent>();
    for (const agent of await this.store.agents.getMany(page)) byId.set(agent.id, agent);
    return page.map((id) => {
      const agent = byId.get(id);
      return agent && !agent.removed ? agent : undefined;
    });
  }

  private withTrust(agents: Agent[]): Promise<Agent[]> {
    return attachTrust(agents, this.store);
  }

  /** Candidates filtered, sorted, floored and counted as search documents. */
  private async documentListing(request: SearchRequest, candidates: Agent[]): Promise<Listing<Agent>> {
    // With their profiles' facts when the request reads them (one batched read: the candidates are
    // bounded, candidates.ts).
    const documents = await this.documentsOf(candidates, request);
    const agentOf = new Map<SearchDocument, Agent>();
    const documentOf = new Map<Agent, SearchDocument>();
    for (let i = 0; i < documents.length; i++) {
      agentOf.set(documents[i]!, candidates[i]!);
      documentOf.set(candidates[i]!, documents[i]!);
    }
    const found = documents.filter(requestFilter(request));
    const compare = comparatorOf(request.sort);
    if (compare) found.sort(compare);
    const floor = plainFloor(request, found);
    const listed = floor ? floor.listed : found;
    return {
      listed: listed.map((document) => agentOf.get(document)!),
      floor: floor && { why: (agent: Agent) => floor.why(documentOf.get(agent)!) },
      matchCount: floor ? floor.matchCount : found.length,
      facets: withFacetValuesWanted(countFacets(floor ? floor.matches : found, request.facets), request),
      records: (page) => this.withTrust(page),
    };
  }

  /** The agents' search documents, with their profiles' facts when the request reads them. */
  private async documentsOf(agents: Agent[], request: SearchRequest): Promise<SearchDocument[]> {
    return readsProfiles(request)
      ? searchDocumentsOf(this.store, agents)
      : agents.map((agent) => toSearchDocument(agent));
  }

  /**
   * Runs one search, answer unused: the store's plain matching's first query reads every agent's text
   * (a file-based store keeps a copy on its worker thread, store/sqlite/plain-match-texts.ts), which
   * at 100,000 agents takes longer than a search may; asked ahead, no visitor's search pays for it.
   */
  async warmUp(): Promise<void> {
    // The whole path of a degraded search, answer dropped: on this thread too the floor, the page's
    // read with its trust signals and its documents run cold the first time (statements prepared,
    // code compiled), in the first searches after a lost index (issue 24: the slowest at 3.5-4 s).
    await this.search({ query: WARM_UP_QUERY, hitsPerPage: 1 });
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
