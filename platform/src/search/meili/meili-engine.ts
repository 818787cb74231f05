import type { FederatedMultiSearchParams, Meilisearch, MultiSearchParams } from 'meilisearch';
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
import { ensureIndex } from './indexes';
import { type MeiliSearcher, plannedSearch } from './planned-search';
import { beginMeiliRebuild } from './rebuild';
import { indexSettings } from './settings';
import { similarQuery } from './similar';
import { call, describeError, enqueue, MeiliError, settle, TASK_WAIT } from './tasks';
import {
  buildFilter,
  emptyResponse,
  fromMeiliResult,
  hitsPerPageOf,
  type MeiliSearchParams,
  pageOf,
  quote,
  toSearchParams,
} from './translate';

// The Meilisearch adapter of the search port. Meilisearch keeps the index, so this object holds no
// state worth closing: a client, and a short-lived cache of the index's roles. Every write waits
// for its Meilisearch task and throws when the task failed (tasks.ts).

export interface MeiliEngineOptions {
  host: string;
  apiKey?: string;
  /** The live index; its checkpoint lives in `${indexUid}_meta` (checkpoint.ts). */
  indexUid: string;
  /** An embedder configured on the index in Meilisearch: searches become hybrid, similarTo semantic. */
  embedder?: string;
  semanticRatio: number;
}

/** A request that takes longer is abandoned with an error rather than holding an API request open. */
const REQUEST_TIMEOUT_MS = 15_000;
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

  private constructor(
    private readonly client: Meilisearch,
    private readonly options: MeiliEngineOptions,
    private readonly logger?: Logger,
  ) {
    this.metaUid = metaIndexUid(options.indexUid);
    this.host = displayHost(options.host);
  }

  /**
   * Connects, creates the live and meta indexes when missing and applies the settings, waiting for
   * each task. Fails fast, with the reason, when Meilisearch cannot be reached or refuses.
   */
  static async open(options: MeiliEngineOptions, logger?: Logger): Promise<MeiliSearchEngine> {
    const engine = await MeiliSearchEngine.unchecked(options, logger);
    const { client } = engine;
    try {
      await engine.ping();
    } catch (error) {
      throw new MeiliError(
        `Cannot use Meilisearch at ${engine.host}: ${describeError(error)}`,
        undefined,
        undefined,
        {
          cause: error,
        },
      );
    }
    await ensureIndex(client, options.indexUid);
    await ensureIndex(client, engine.metaUid);
    await engine.applySettings();
    logger?.info(
      { host: engine.host, index: options.indexUid, embedder: options.embedder },
      'meilisearch ready',
    );
    return engine;
  }

  /**
   * The adapter without open()'s checks and set-up: nothing is asked of Meilisearch yet. open() is
   * the way in; this is for the fault tests, which need the adapter as it is once Meilisearch has
   * gone away after start-up (pointed at a closed port, open() rightly refuses to start).
   */
  static async unchecked(options: MeiliEngineOptions, logger?: Logger): Promise<MeiliSearchEngine> {
    // The client is ESM-only: loaded here, when Meilisearch is actually used.
    const { Meilisearch } = await import('meilisearch');
    let client: Meilisearch;
    try {
      client = new Meilisearch({
        host: options.host,
        apiKey: options.apiKey,
        timeout: REQUEST_TIMEOUT_MS,
        defaultWaitOptions: TASK_WAIT,
      });
    } catch (error) {
      throw new MeiliError(
        `Invalid Meilisearch host "${displayHost(options.host)}": ${describeError(error)}`,
        undefined,
        undefined,
        { cause: error },
      );
    }
    return new MeiliSearchEngine(client, options, logger);
  }

  private get live() {
    return this.client.index<StoredDocument>(this.options.indexUid);
  }

  private async applySettings(): Promise<void> {
    const uid = this.options.indexUid;
    const task = await enqueue(`apply settings to ${uid}`, () => this.live.updateSettings(indexSettings()));
    await settle(this.client.tasks, task, `apply settings to ${uid}`);
  }

  /**
   * A query search serves the query understanding of query/ as plan-translate.ts translates it
   * (framing words off, role boost, named products with their alternatives, second tier, loose
   * retry), in at most three Meilisearch requests; similarTo ranks by likeness instead.
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    if (request.similarTo) return this.searchSimilar(request, request.similarTo);
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

  /**
   * Agents like `id`, leaving it out. With an embedder, Meilisearch's similar-documents search ranks
   * by meaning; without one, a keyword query made of the agent's role, category and description words
   * (similar.ts) stands in. An id that is not in the index gives no hits.
   */
  private async searchSimilar(request: SearchRequest, id: string): Promise<SearchResponse> {
    // An id Meilisearch cannot hold is not in the index (and must not reach the request path).
    if (!isValidDocumentId(id)) return emptyResponse(request);
    let source: StoredDocument;
    try {
      source = await call(`read agent ${id}`, () => this.live.getDocument(id));
    } catch (error) {
      if (error instanceof MeiliError && error.code === 'document_not_found') return emptyResponse(request);
      throw error;
    }
    const exclusion = `id != ${quote(id)}`;
    const { embedder } = this.options;
    if (embedder) {
      const hitsPerPage = hitsPerPageOf(request);
      const filter = buildFilter(request, [exclusion]);
      const [similar, counts] = await Promise.all([
        call('find similar agents', () =>
          this.live.searchSimilarDocuments<StoredDocument>({
            id,
            embedder,
            filter,
            offset: pageOf(request) * hitsPerPage,
            limit: hitsPerPage,
          }),
        ),
        // The similar-documents route counts no facets; a search with the same filter does.
        request.facets?.length
          ? call('count facets', () =>
              this.live.search<StoredDocument, MeiliSearchParams>('', {
                q: '',
                filter,
                facets: [...request.facets!],
                page: 1,
                hitsPerPage: 0,
              }),
            )
          : undefined,
      ]);
      return fromMeiliResult(
        {
          hits: similar.hits,
          estimatedTotalHits: similar.estimatedTotalHits,
          facetDistribution: counts?.facetDistribution,
          processingTimeMs: similar.processingTimeMs,
        },
        request,
      );
    }
    const likeness: SearchRequest = {
      ...request,
      query: similarQuery(fromStoredDocument(source)),
      sort: 'relevance',
    };
    // The words go from most to least telling (role first), so 'last' drops the least telling
    // first and every hit shares at least the role's first word. 'frequency' would keep the
    // rarest words, and those are often found only in the agent itself, which is left out.
    const params = toSearchParams(likeness, { matchingStrategy: 'last' }, [exclusion]);
    const result = await call('find similar agents', () =>
      this.live.search<StoredDocument, MeiliSearchParams>(params.q, params),
    );
    return fromMeiliResult(result, request);
  }

  /** The index's roles, from a facet count cached for a minute; on failure the boost is skipped, not the search. */
  private knownRoles(): Promise<string[]> {
    if (this.roles && this.roles.expires > Date.now()) return this.roles.values;
    const values = call('list roles', () =>
      this.live.search<StoredDocument, MeiliSearchParams>('', {
        q: '',
        facets: ['role'],
        page: 1,
        hitsPerPage: 0,
      }),
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
        task: await enqueue(what, () => this.live.addDocuments(documents, { primaryKey: 'id' })),
      });
    }
    if (deletes.length > 0) {
      const what = `delete ${deletes.length} documents from ${uid}`;
      pending.push({ what, task: await enqueue(what, () => this.live.deleteDocuments(deletes)) });
    }
    const settled = await Promise.allSettled(
      pending.map(({ what, task }) => settle(this.client.tasks, task, what)),
    );
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    if (pending.length > 0) this.roles = undefined;
    await writeCheckpoint(this.client, this.metaUid, batch.checkpoint);
    return { rejected };
  }

  async checkpoint(): Promise<number> {
    return readCheckpoint(this.client, this.metaUid);
  }

  async beginRebuild(): Promise<IndexBuild> {
    const settings = indexSettings();
    if (this.options.embedder) {
      // A rebuilt index replaces the live one with its settings, so it needs the live embedders.
      const embedders = await call('read the embedders', () => this.live.getEmbedders());
      if (embedders && Object.keys(embedders).length > 0) settings.embedders = embedders;
    }
    return beginMeiliRebuild({
      client: this.client,
      liveUid: this.options.indexUid,
      settings,
      logger: this.logger,
      onSwapped: () => {
        this.roles = undefined;
      },
    });
  }

  async fingerprints(): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    for (let offset = 0; ; offset += FINGERPRINT_PAGE_SIZE) {
      const page = await call('list documents', () =>
        this.live.getDocuments({ offset, limit: FINGERPRINT_PAGE_SIZE }),
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
    const [stats, checkpoint] = await Promise.all([
      call('read index stats', () => this.live.getStats()),
      this.checkpoint(),
    ]);
    return { documents: stats.numberOfDocuments, checkpoint };
  }

  async ping(): Promise<void> {
    const health = await call('report its health', () => this.client.health());
    if (health?.status !== 'available')
      throw new MeiliError(
        `Meilisearch at ${this.host} is not available (status: ${String(health?.status)})`,
      );
  }

  /** Nothing to release: the client holds no connection of its own. */
  async close(): Promise<void> {}
}

/** Opens the Meilisearch engine (the factory's entry point; see MeiliSearchEngine.open). */
export function openMeiliEngine(options: MeiliEngineOptions, logger?: Logger): Promise<SearchEngine> {
  return MeiliSearchEngine.open(options, logger);
}
