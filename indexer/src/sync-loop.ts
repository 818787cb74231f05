import type { Agent } from '@agentry/domain/agent';
import { ChunkSizer } from '@agentry/platform/concurrency/chunk-sizer';
import type { Logger } from '@agentry/platform/log/logger';
import { searchDocumentsOf } from '@agentry/platform/search/agent-documents';
import type { SearchDocument, SearchEngine } from '@agentry/platform/search/port';
import type { AgentChange, Store } from '@agentry/platform/store/port';
import { rebuildIndex } from './rebuild';
import { REQUEST_POLL_MS, runRequestedReindex } from './reindex-job-record';

// The indexer: follows the store's change log into the search engine. Each batch re-reads the
// agents from the store (the source of record), so changes can be applied more than once and in
// any order without harm; the engine records the log position it reflects. A failing engine is
// retried with backoff; a record the engine keeps refusing is set aside so the rest flows on.

export interface IndexerOptions {
  store: Store;
  engine: SearchEngine;
  logger: Logger;
  pollMs: number;
  /** Changes per batch (at most, with batchBudgetMs). */
  batchSize?: number;
  /**
   * When set, each batch is sized to hold the thread about this long, learned from the last batch
   * (platform's ChunkSizer; at least 10 changes, at most batchSize): the API's in-process indexer
   * shares its event loop with requests (issue 24). Unset: every batch is batchSize.
   */
  batchBudgetMs?: number;
  /** The clock batches are timed on (tests give their own). */
  now?: () => number;
  /** Stop when aborted. */
  signal: AbortSignal;
  /** Called after every applied batch (tests and metrics). */
  onBatch?: (info: { checkpoint: number; upserts: number; deletes: number }) => void;
  /**
   * Called after every turn of the loop that read the store and the engine without an error (caught
   * up, or a batch applied): the indexer's liveness for its health check (heartbeat.ts).
   */
  onAlive?: () => void;
  /**
   * How far behind (in changes) the index may fall before it is rebuilt whole rather than caught
   * up change by change: after a bulk import, one rebuild is several times cheaper.
   */
  rebuildWhenBehind?: number;
  /** How to rebuild (default: in this thread). The API passes a worker-thread rebuild. */
  rebuild?: () => Promise<unknown>;
  /**
   * Runs the reindexes an admin asked for through an API that cannot write the index (its
   * Meilisearch key searches only): the indexer process sets it (reindex-job-record.ts).
   */
  takeReindexRequests?: boolean;
}

export const REBUILD_WHEN_BEHIND = 20_000;

/** Lets the event loop run what waits (requests) between two pieces of indexing work. */
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Changes older than the last checkpoint by more than this are deleted from the store's log. */
export const CHANGES_RETAINED = 100_000;
export const PRUNED_KEY = 'changes:pruned_upto';
export const DEAD_LETTER_KEY = 'indexer:dead_letters';
const MAX_BACKOFF_MS = 30_000;
const ATTEMPTS_BEFORE_ISOLATING = 3;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The last change per agent wins; returns the documents to upsert (with their profiles' facts: a
 * profile save touches its agent, so it comes through here) and the ids to delete.
 */
export async function resolveChanges(store: Store, changes: AgentChange[]) {
  const latest = new Map<string, AgentChange>();
  for (const change of changes) latest.set(change.agent_id, change);
  const ids = [...latest.keys()];
  const agents = new Map((await store.agents.getMany(ids)).map((agent) => [agent.id, agent]));
  const listed: Agent[] = [];
  const deletes: string[] = [];
  for (const id of ids) {
    const agent = agents.get(id);
    // The store's current state decides, whatever the change said: it may be newer than the change.
    if (agent && !agent.removed) listed.push(agent);
    else deletes.push(id);
  }
  const upserts: SearchDocument[] = await searchDocumentsOf(store, listed);
  return { upserts, deletes };
}

async function recordDeadLetters(store: Store, rejected: Array<{ id: string; reason: string }>) {
  if (rejected.length === 0) return;
  const previous = JSON.parse((await store.kv.get(DEAD_LETTER_KEY)) ?? '[]') as unknown[];
  const entries = rejected.map((entry) => ({ ...entry, at: new Date().toISOString() }));
  await store.kv.set(DEAD_LETTER_KEY, JSON.stringify([...previous, ...entries].slice(-1000)));
}

/** Applies one batch; when the engine keeps failing on it but is up, applies record by record. */
async function applyBatch(
  options: IndexerOptions,
  from: number,
  changes: AgentChange[],
  attempt: number,
): Promise<void> {
  const { store, engine, logger } = options;
  const checkpoint = changes[changes.length - 1]!.seq;
  const { upserts, deletes } = await resolveChanges(store, changes);
  try {
    const { rejected, skipped } = await engine.apply({
      upserts,
      deletes,
      checkpoint,
      expectCheckpoint: from,
    });
    if (skipped) {
      logger.info(
        { from, checkpoint },
        'index checkpoint moved (a rebuild was swapped in); re-reading from it',
      );
      return;
    }
    if (rejected.length > 0) logger.warn({ rejected }, 'search engine rejected documents; set aside');
    await recordDeadLetters(store, rejected);
    options.onBatch?.({ checkpoint, upserts: upserts.length, deletes: deletes.length });
  } catch (error) {
    const engineUp = await engine.ping().then(
      () => true,
      () => false,
    );
    if (!engineUp || attempt < ATTEMPTS_BEFORE_ISOLATING || changes.length === 1) {
      if (engineUp && changes.length === 1 && attempt >= ATTEMPTS_BEFORE_ISOLATING) {
        // One record the engine refuses again and again: set it aside and move on.
        logger.error({ err: error, change: changes[0] }, 'change could not be indexed; set aside');
        await recordDeadLetters(store, [
          { id: changes[0]!.agent_id, reason: String((error as Error).message ?? error) },
        ]);
        await engine.apply({ upserts: [], deletes: [], checkpoint, expectCheckpoint: from });
        return;
      }
      throw error;
    }
    // Record by record from here: each continues from the one before it.
    let position = from;
    for (const change of changes) {
      await applyWithRetries(options, position, [change]);
      position = change.seq;
    }
  }
}

async function applyWithRetries(
  options: IndexerOptions,
  from: number,
  changes: AgentChange[],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applyBatch(options, from, changes, attempt);
      return;
    } catch (error) {
      if (options.signal.aborted) throw error;
      const delay = Math.min(MAX_BACKOFF_MS, 100 * 2 ** attempt);
      options.logger.warn({ err: error, attempt, retryInMs: delay }, 'indexing failed; retrying');
      await sleep(delay, options.signal);
    }
  }
}

/** Runs until the signal aborts. */
export async function runIndexer(options: IndexerOptions): Promise<void> {
  const { store, engine, logger, signal } = options;
  // Between batches the event loop answers requests. 250 changes were measured at up to 100 ms of
  // one turn at 100,000 agents while a bulk upload was applied (bench:upload); 100 stay near 40.
  const batchSize = options.batchSize ?? 100;
  const sizer =
    options.batchBudgetMs === undefined
      ? null
      : new ChunkSizer({
          budgetMs: options.batchBudgetMs,
          min: Math.min(10, batchSize),
          max: batchSize,
          initial: batchSize,
        });
  const now = options.now ?? (() => performance.now());
  const rebuild = options.rebuild ?? (() => rebuildIndex(store, engine));
  const rebuildWhenBehind = options.rebuildWhenBehind ?? REBUILD_WHEN_BEHIND;
  let failures = 0;
  let loops = 0;
  let requestsCheckedAt = Number.NEGATIVE_INFINITY;
  while (!signal.aborted) {
    try {
      if (options.takeReindexRequests && Date.now() - requestsCheckedAt >= REQUEST_POLL_MS) {
        requestsCheckedAt = Date.now();
        if (await runRequestedReindex(store, engine, logger)) continue;
      }
      const checkpoint = await engine.checkpoint();
      const prunedUpTo = Number((await store.kv.get(PRUNED_KEY)) ?? 0);
      if (checkpoint < prunedUpTo) {
        // The log no longer holds every change since this index's position: copy everything.
        logger.warn({ checkpoint, prunedUpTo }, 'index is behind the pruned change log; rebuilding');
        await rebuild();
        continue;
      }
      const behind = (await store.changes.head()) - checkpoint;
      if (behind > rebuildWhenBehind) {
        const started = performance.now();
        logger.info({ behind }, 'index far behind the store (a bulk import?); rebuilding it whole');
        await rebuild();
        logger.info({ ms: Math.round(performance.now() - started) }, 'index rebuilt');
        continue;
      }
      const changes = await store.changes.since(checkpoint, sizer?.size ?? batchSize);
      if (changes.length === 0) {
        failures = 0;
        options.onAlive?.();
        await sleep(options.pollMs, signal);
        continue;
      }
      const applying = now();
      await applyWithRetries(options, checkpoint, changes);
      sizer?.record(changes.length, now() - applying);
      failures = 0;
      options.onAlive?.();
      if (++loops % 100 === 0) await pruneChangeLog(store, changes[changes.length - 1]!.seq);
      await giveWay();
    } catch (error) {
      if (signal.aborted) break;
      failures += 1;
      const delay = Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures);
      logger.warn({ err: error, retryInMs: delay }, 'indexer loop failed; retrying');
      await sleep(delay, signal);
    }
  }
}

async function pruneChangeLog(store: Store, checkpoint: number): Promise<void> {
  const upTo = checkpoint - CHANGES_RETAINED;
  if (upTo <= 0) return;
  await store.kv.set(PRUNED_KEY, String(upTo));
  await store.changes.prune(upTo);
}
