import { type AgentProfile, EMPTY_PROFILE } from '@agentry/domain/agent-profile';
import type { AgentCreate, Store } from '../../../store/port';
import { openSqliteStore } from '../../../store/sqlite/sqlite-store';
import type {
  ApplyBatch,
  ApplyResult,
  IndexBuild,
  IndexStats,
  SearchDocument,
  SearchEngine,
  SearchRequest,
  SearchResponse,
} from '../../port';
import { StoreFallbackEngine } from '../store-fallback-engine';

// The search contract feeds an engine through apply() and rebuilds, but a store-backed engine
// answers what the store holds. So that the contract can hold it to the same behaviour, this
// wraps it over a fresh in-memory SQLite store and writes into the store, through the store's own
// API, what the contract writes into the index: the indexer's job run the other way round. The
// store names agents its own way; the contract's ids are translated to the store's and back.

/**
 * A profile stating the facts a document carries, its starting price as US dollars a month (which
 * the document's facts read back as the same figure).
 */
function profileOf(document: SearchDocument): AgentProfile {
  const price = document.starting_price_monthly ?? null;
  return {
    ...EMPTY_PROFILE,
    integrations: [...(document.integrations ?? [])],
    languages: [...(document.languages ?? [])],
    deployment: [...(document.deployment ?? [])],
    certifications: [...(document.certifications ?? [])],
    free_trial: document.free_trial ?? null,
    starting_price: price,
    currency: price === null ? null : 'USD',
    billing_period: price === null ? null : 'month',
  };
}

/** The listing time of a document that has none: before any that has one. */
const UNDATED = '1970-01-01T00:00:00.000Z';

/** Every clock but the date stays real while an agent is created at a given time. */
const REAL_CLOCKS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

export async function openStoreFedEngine(): Promise<SearchEngine> {
  const store = openSqliteStore(':memory:');
  return new StoreFedEngine(store, new StoreFallbackEngine(store));
}

class StoreFedEngine implements SearchEngine {
  readonly kind = 'store' as const;
  /** The contract's id of each document → the store's id of its agent, and back. */
  private readonly storeIds = new Map<string, string>();
  private readonly contractIds = new Map<string, string>();

  constructor(
    private readonly store: Store,
    private readonly engine: StoreFallbackEngine,
  ) {}

  async search(request: SearchRequest): Promise<SearchResponse> {
    const response = await this.engine.search({
      ...request,
      excludeIds: request.excludeIds?.map((id) => this.toStoreId(id)),
      similarTo: request.similarTo === undefined ? undefined : this.toStoreId(request.similarTo),
    });
    const hits = response.hits.map((hit) => ({
      ...hit,
      document: { ...hit.document, id: this.contractIds.get(hit.document.id)! },
    }));
    return { ...response, hits };
  }

  async apply(batch: ApplyBatch): Promise<ApplyResult> {
    const result = await this.engine.apply(batch);
    if (!result.skipped) await this.write(batch.upserts, batch.deletes);
    return result;
  }

  checkpoint(): Promise<number> {
    return this.engine.checkpoint();
  }

  /** A rebuild's documents become the store's agents when it goes live, and the others go. */
  async beginRebuild(): Promise<IndexBuild> {
    const build = await this.engine.beginRebuild();
    const documents: SearchDocument[] = [];
    return {
      add: async (added) => {
        documents.push(...added);
        await build.add(added);
      },
      swap: async (checkpoint) => {
        await build.swap(checkpoint);
        // A rebuild begun before the live one is refused: the engine keeps the newer checkpoint.
        if ((await this.engine.checkpoint()) !== checkpoint) return;
        const kept = new Set(documents.map((document) => document.id));
        await this.write(
          documents,
          [...this.storeIds.keys()].filter((id) => !kept.has(id)),
        );
      },
      abort: () => build.abort(),
    };
  }

  async fingerprints(): Promise<Map<string, string>> {
    const prints = await this.engine.fingerprints();
    return new Map([...prints].map(([id, print]) => [this.contractIds.get(id)!, print]));
  }

  stats(): Promise<IndexStats> {
    return this.engine.stats();
  }

  ping(): Promise<void> {
    return this.engine.ping();
  }

  async close(): Promise<void> {
    await this.engine.close();
    await this.store.close();
  }

  /** An id the store never gave names no agent. */
  private toStoreId(id: string): string {
    return this.storeIds.get(id) ?? `unknown:${id}`;
  }

  private async write(upserts: SearchDocument[], deletes: string[]): Promise<void> {
    for (const document of upserts) {
      const { name, provider, category, role, description, cost, address } = document;
      const fields: AgentCreate = { name, provider, category, role, description, cost, address };
      const known = this.storeIds.get(document.id);
      if (known) await this.store.agents.update(known, { ...fields, removed: false });
      else this.remember(document.id, (await this.createAt(document.created_at ?? UNDATED, fields)).id);
      await this.store.profiles.save(this.storeIds.get(document.id)!, profileOf(document));
    }
    for (const id of deletes) {
      const known = this.storeIds.get(id);
      if (known) await this.store.agents.update(known, { removed: true });
    }
  }

  /** The store stamps an agent with the clock's time: the clock is set to the document's listing time. */
  private async createAt(listedAt: string, fields: AgentCreate) {
    jest.useFakeTimers({ now: new Date(listedAt), doNotFake: [...REAL_CLOCKS] });
    try {
      return await this.store.agents.create(fields);
    } finally {
      jest.useRealTimers();
    }
  }

  private remember(contractId: string, storeId: string): void {
    this.storeIds.set(contractId, storeId);
    this.contractIds.set(storeId, contractId);
  }
}
