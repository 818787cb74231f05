import type { FederatedMultiSearchParams, Meilisearch, MultiSearchParams, SearchParams } from 'meilisearch';
import type { Logger } from '../../log/logger';
import { fingerprint } from '../document';
import type {
  ApplyBatch,
  ApplyResult,
  IndexBuild,
  IndexStats,
  SearchEngine,
  SearchRequest,
  SearchResponse,
} from '../port';
import { metaIndexUid, readCheckpoint, writeCheckpoint } from './checkpoint';
import {
  fromStoredDocument,
  invalidDocument,
  isValidDocumentId,
  type StoredDocument,
  toStoredDocument,
} from './documents';
import { type MeiliSearcher, plannedSearch } from './planned-search';
import { checkIndex, IndexReadiness } from './readiness';
import { beginMeiliRebuild } from './rebuild';
import { indexSettings, settingsFingerprint } from './settings';
import { searchSimilar } from './similar-search';
import { call, describeError, enqueue, MeiliError, settle, TASK_WAIT } from './tasks';
import { type MeiliSearchParams } from './translate';

// The Meilisearch adapter of the search port. Meilisearch keeps the index, so this object holds no
// state worth closing: its clients, whether the index was found ready (readiness.ts), and a
// short-lived cache of the index's roles. Every write waits for its Meilisearch task and throws
// when the task failed (tasks.ts).
//
// Opening asks nothing of Meilisearch: a process starts whether Meilisearch answers or not, and
// checks at start, in the background, that `npm run migrate` prepared the index with this version's
// settings. Until that check passes every call fails at once with the reason: the API answers
// searches from the store (server/src/search-service/search-service.ts) and reports "degraded" on
// /readyz, the indexer retries; both switch to Meilisearch as soon as the check passes.

export interface MeiliEngineOptions {
  host: string;
  /** One key for searches and writes (tests; searchKey and writeKey take precedence). */
  apiKey?: string;
  /** The key searches go with: the API's search-only key (config/role.ts). */
  searchKey?: string;
  /** The key writes go with: the indexer's key. */
  writeKey?: string;
  /**
   * False in an API whose indexer runs apart (INDEXER=external): it holds a search-only key, so its
   * writes fail at once with that reason. Default true.
   */
  writes?: boolean;
  /** The live index; its checkpoint lives in `${indexUid}_meta` (checkpoint.ts). */
  indexUid: string;
  /** An embedder configured on the index in Meilisearch: searches become hybrid, similarTo semantic. */
  embedder?: string;
  semanticRatio: number;
  /** The clock of the readiness re-checks (tests). */
  now?: () => number;
}

/** A request that takes longer is abandoned with an error rather than holding an API request open. */
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * The start check and /readyz's health check give up sooner: a Meilisearch that drops packets
 * must not hold the searches waiting on the check (the search service waits 2 s at most).
 */
const PROBE_TIMEOUT_MS = 2_000;
/** How long the list of roles (role boost, framing words) is trusted; writes through this engine reset it. */
const ROLES_TTL_MS = 60_000;
/** After a failed listing, asked again this soon: the boost comes back within seconds of a recovery. */
const ROLES_RETRY_MS = 5_000;
/** Documents per getDocuments page when fingerprinting. */
const FINGERPRINT_PAGE_SIZE = 1000;

/** The host without credentials, for messages and logs. */
function displayHost(host: string): string {
  try {
    const url = new URL(host);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return host;
  }
}

export class MeiliSearchEngine implements SearchEngine {
  readonly kind = 'meilisearch' as const;
  private readonly metaUid: string;
  private readonly host: string;
  private roles: { values: Promise<string[]>; expires: number } | undefined;
  /** Whether `npm run migrate` prepared the index for this version: checked once, at start. */
  readonly readiness: IndexReadiness;

  private constructor(
    /** Searches and reads: the API's search-only key, or the indexer's key. */
    private readonly client: Meilisearch,
    /** Writes and the reads only the indexer makes (documents, stats, settings); null: none. */
    private readonly writer: Meilisearch | null,
    /** The start check and health, with a short timeout. */
    private readonly probe: Meilisearch,
    private readonly options: MeiliEngineOptions,
    private readonly logger?: Logger,
  ) {
    this.metaUid = metaIndexUid(options.indexUid);
    this.host = displayHost(options.host);
    this.readiness = new IndexReadiness(
      () =>
        checkIndex({
          client: this.probe,
          indexUid: options.indexUid,
          metaUid: this.metaUid,
          fingerprint: settingsFingerprint(),
          host: this.host,
        }),
      options.now,
      {
        onReady: () =>
          logger?.info(
            { host: this.host, index: options.indexUid, embedder: options.embedder },
            'meilisearch ready',
          ),
        onNotReady: (reason) =>
          logger?.warn(
            { host: this.host, index: options.indexUid, reason },
            'meilisearch not ready; checking again',
          ),
      },
    );
  }

  /**
   * The adapter, asking nothing of Meilisearch: the start check runs in the background and its
   * outcome is logged. A host that is not a URL still fails here.
   */
  static async open(options: MeiliEngineOptions, logger?: Logger): Promise<MeiliSearchEngine> {
    const engine = await MeiliSearchEngine.unchecked(options, logger);
    engine.readiness.ensure().catch(() => {
      // Logged by the readiness events; calls fail with the reason until a later check passes.
    });
    return engine;
  }

  /** The adapter without the background start check (tests that drive the check themselves). */
  static async unchecked(options: MeiliEngineOptions, logger?: Logger): Promise<MeiliSearchEngine> {
    // The client is ESM-only: loaded here, when Meilisearch is actually used.
    const { Meilisearch } = await import('meilisearch');
    const make = (apiKey: string | undefined, timeout: number) => {
      try {
        return new Meilisearch({ host: options.host, apiKey, timeout, defaultWaitOptions: TASK_WAIT });
      } catch (error) {
        throw new MeiliError(
          `Invalid Meilisearch host "${displayHost(options.host)}": ${describeError(error)}`,
          undefined,
          undefined,
          { cause: error },
        );
      }
    };
    const writeKey = options.writeKey ?? options.apiKey;
    // The indexer's key holds the action `search` too (keys.ts), so it searches when it is the only one.
    const searchKey =
      options.searchKey ?? options.apiKey ?? (options.writes === false ? undefined : writeKey);
    const client = make(searchKey, REQUEST_TIMEOUT_MS);
    const writer = options.writes === false ? null : make(writeKey, REQUEST_TIMEOUT_MS);
    return new MeiliSearchEngine(client, writer, make(searchKey, PROBE_TIMEOUT_MS), options, logger);
  }

  /** The client for writes, once the index is ready; throws when this process does not write. */
  private async writable(): Promise<Meilisearch> {
    if (!this.writer)
      throw new MeiliError(
        'This process does not write to Meilisearch: it holds a search-only key (MEILI_SEARCH_KEY) and its indexer runs apart (INDEXER=external)',
        'read_only_process',
      );
    await this.readiness.ensure();
    return this.writer;
  }

  private get live() {
    return this.client.index<StoredDocument>(this.options.indexUid);
  }

  /**
   * A query search serves the query understanding of query/ as plan-translate.ts translates it
   * (framing words off, role boost, named products with their alternatives, second tier, loose
   * retry), in at most three Meilisearch requests; similarTo ranks by likeness instead.
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    await this.readiness.ensure();
    if (request.similarTo) return searchSimilar(this.live, this.options.embedder, request, request.similarTo);
    const { embedder, semanticRatio } = this.options;
    // An empty query lists agents: no words to read, so no roles to fetch.
    const roles = request.query.trim() === '' ? [] : await this.knownRoles();
    return plannedSearch(this.searcher, request, { roles, embedder, semanticRatio }, (error, kind) =>
      this.logger?.warn(
        { reason: describeError(error), followUp: kind },
        'search follow-up failed; answering with the main search',
      ),
    );
  }

  /** The engine's client as the three kinds of search request a planned search makes. */
  private get searcher(): MeiliSearcher {
    const { client, live } = this;
    return {
      indexUid: this.options.indexUid,
      search: (params, what) =>
        call(what, () => live.search<StoredDocument, MeiliSearchParams>(params.q, params)),
      federated: (params, what) =>
        call(what, () => client.multiSearch<FederatedMultiSearchParams, StoredDocument>(params)),
      multi: (params, what) =>
        call(what, () => client.multiSearch<MultiSearchParams, StoredDocument>(params)).then(
          (answer) => answer.results,
        ),
    };
  }

  /** The index's roles, from a facet count cached for a minute; on failure the boost is skipped, not the search. */
  private knownRoles(): Promise<string[]> {
    if (this.roles && this.roles.expires > Date.now()) return this.roles.values;
    // The facet's values by count (settings.ts FACET_ORDER): past MAX_VALUES_PER_FACET roles, the
    // most used ones are known. limit 0: no hits and no exhaustive count, only the distribution.
    const values = call('list roles', () =>
      this.live.search<StoredDocument, SearchParams>('', { facets: ['role'], limit: 0 }),
    ).then(
      (result) => Object.keys(result.facetDistribution?.role ?? {}),
      (error: unknown) => {
        this.logger?.warn(
          { reason: describeError(error) },
          'could not list roles; searching without the role boost',
        );
        // Not a minute without the boost after Meilisearch comes back: retry soon (one request per
        // ROLES_RETRY_MS at most, so an outage is not hammered).
        if (this.roles?.values === values) this.roles.expires = Date.now() + ROLES_RETRY_MS;
        return [];
      },
    );
    this.roles = { values, expires: Date.now() + ROLES_TTL_MS };
    return values;
  }

  async apply(batch: ApplyBatch): Promise<ApplyResult> {
    const writer = await this.writable();
    const index = writer.index<StoredDocument>(this.options.indexUid);
    // Meilisearch has no compare-and-set: this check leaves a window of one batch, which the
    // rebuild's swap (checkpoint written with the data) and `reindex --check` make visible.
    if (batch.expectCheckpoint !== undefined && (await this.checkpoint()) !== batch.expectCheckpoint) {
      return { rejected: [], skipped: true };
    }
    const rejected: Array<{ id: string; reason: string }> = [];
    const documents: StoredDocument[] = [];
    for (const document of batch.upserts) {
      const problem = invalidDocument(document);
      if (problem) rejected.push({ id: String(document?.id), reason: problem });
      else documents.push(toStoredDocument(document));
    }
    // An id Meilisearch cannot hold was never stored, so there is nothing to delete.
    const deletes = [...new Set(batch.deletes)].filter(isValidDocumentId);
    const uid = this.options.indexUid;
    // Enqueued one after the other, so Meilisearch applies them in this order (upserts, then
    // deletes, as in the embedded engine), then both awaited before the checkpoint is recorded.
    const pending = [];
    if (documents.length > 0) {
      const what = `add ${documents.length} documents to ${uid}`;
      pending.push({
        what,
        task: await enqueue(what, () => index.addDocuments(documents, { primaryKey: 'id' })),
      });
    }
    if (deletes.length > 0) {
      const what = `delete ${deletes.length} documents from ${uid}`;
      pending.push({ what, task: await enqueue(what, () => index.deleteDocuments(deletes)) });
    }
    const settled = await Promise.allSettled(
      pending.map(({ what, task }) => settle(writer.tasks, task, what)),
    );
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    if (pending.length > 0) this.roles = undefined;
    await writeCheckpoint(writer, this.metaUid, batch.checkpoint);
    return { rejected };
  }

  async checkpoint(): Promise<number> {
    await this.readiness.ensure();
    return readCheckpoint(this.client, this.metaUid);
  }

  async beginRebuild(): Promise<IndexBuild> {
    const writer = await this.writable();
    const settings = indexSettings();
    if (this.options.embedder) {
      // A rebuilt index replaces the live one with its settings, so it needs the live embedders.
      const embedders = await call('read the embedders', () =>
        writer.index(this.options.indexUid).getEmbedders(),
      );
      if (embedders && Object.keys(embedders).length > 0) settings.embedders = embedders;
    }
    return beginMeiliRebuild({
      client: writer,
      liveUid: this.options.indexUid,
      settings,
      logger: this.logger,
      onSwapped: () => {
        this.roles = undefined;
      },
    });
  }

  async fingerprints(): Promise<Map<string, string>> {
    const index = (await this.writable()).index<StoredDocument>(this.options.indexUid);
    const result = new Map<string, string>();
    for (let offset = 0; ; offset += FINGERPRINT_PAGE_SIZE) {
      const page = await call('list documents', () =>
        index.getDocuments({ offset, limit: FINGERPRINT_PAGE_SIZE }),
      );
      for (const stored of page.results) {
        const document = fromStoredDocument(stored);
        result.set(document.id, fingerprint(document));
      }
      if (page.results.length < FINGERPRINT_PAGE_SIZE || offset + FINGERPRINT_PAGE_SIZE >= page.total) break;
    }
    return result;
  }

  async stats(): Promise<IndexStats> {
    const index = (await this.writable()).index(this.options.indexUid);
    const [stats, checkpoint] = await Promise.all([
      call('read index stats', () => index.getStats()),
      this.checkpoint(),
    ]);
    return { documents: stats.numberOfDocuments, checkpoint };
  }

  /** Meilisearch answers (GET /health, open to every key) and the index passed the start check. */
  async ping(): Promise<void> {
    const health = await call('report its health', () => this.probe.health());
    if (health?.status !== 'available')
      throw new MeiliError(
        `Meilisearch at ${this.host} is not available (status: ${String(health?.status)})`,
      );
    await this.readiness.ensure();
  }

  /** Nothing to release: the client holds no connection of its own. */
  async close(): Promise<void> {}
}

/** Opens the Meilisearch engine (the factory's entry point; see MeiliSearchEngine.open). Never waits for Meilisearch. */
export function openMeiliEngine(options: MeiliEngineOptions, logger?: Logger): Promise<SearchEngine> {
  return MeiliSearchEngine.open(options, logger);
}
