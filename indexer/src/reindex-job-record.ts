import type { ReindexJob } from '@agentry/domain/contract/admin';
import type { Logger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';
import { type RebuildProgress, rebuildIndex } from './rebuild';

// The admin screen's reindex job, kept in the store's key-value table so that whichever process
// runs it and whichever API worker the screen's next poll reaches agree on its progress. Who runs
// it: the API itself when it writes to the search engine (the embedded engine, or Meilisearch with
// the indexer inside the API), otherwise the indexer process. An API that only holds Meilisearch's
// search key (compose: INDEXER=external) cannot write an index, so it records the request
// (runner: 'indexer') and the indexer, which checks for one every REQUEST_POLL_MS, runs it.

/** A reindex job as the store keeps it and the admin API answers it (the contract's shape). */
export type { ReindexJob } from '@agentry/domain/contract/admin';

export const REINDEX_JOB_KEY = 'admin:reindex:job';
export const HEARTBEAT_MS = 2_000;
export const STALE_AFTER_MS = 30_000;
const PROGRESS_WRITE_MS = 500;
/** How often the indexer looks for a reindex the API asked for. */
export const REQUEST_POLL_MS = 2_000;

export const NOT_TAKEN_MESSAGE =
  'No indexer took the reindex: is the indexer running (npm run indexer, or compose service indexer)?';
export const RUNNER_ENDED_MESSAGE = 'The reindex stopped: the process running it ended';
export const FAILED_MESSAGE = 'The reindex failed; the live index is unchanged. See the server log.';

/** The latest job, with a running one whose process stopped answering reported as failed. */
export async function readReindexJob(store: Pick<Store, 'kv'>, now = Date.now()): Promise<ReindexJob | null> {
  const raw = await store.kv.get(REINDEX_JOB_KEY);
  if (!raw) return null;
  const job = JSON.parse(raw) as ReindexJob;
  if (job.state === 'running' && now - Date.parse(job.heartbeat_at) > STALE_AFTER_MS) {
    const waiting = job.runner === 'indexer' && !job.claimed_at;
    return { ...job, state: 'failed', error: waiting ? NOT_TAKEN_MESSAGE : RUNNER_ENDED_MESSAGE };
  }
  return job;
}

/**
 * Keeps a running job's record up to date: progress at most every PROGRESS_WRITE_MS, a heartbeat
 * every HEARTBEAT_MS, writes one after another (an older figure never lands after a newer one).
 */
export function trackReindexJob(store: Pick<Store, 'kv'>, job: ReindexJob) {
  let writing = Promise.resolve();
  const save = () => {
    const snapshot = JSON.stringify({ ...job, heartbeat_at: new Date().toISOString() });
    writing = writing.then(() => store.kv.set(REINDEX_JOB_KEY, snapshot)).catch(() => undefined);
    return writing;
  };
  let lastWrite = 0;
  const heartbeat = setInterval(() => void save(), HEARTBEAT_MS);
  heartbeat.unref();
  return {
    save,
    onProgress({ done, total }: RebuildProgress) {
      job.done = done;
      job.total = total;
      if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
        lastWrite = Date.now();
        void save();
      }
    },
    /** Records the outcome and stops the heartbeat. */
    async finish(outcome: { documents: number } | { error: string }) {
      clearInterval(heartbeat);
      if ('documents' in outcome) {
        job.state = 'done';
        job.documents = outcome.documents;
        job.done = outcome.documents;
        job.total = outcome.documents;
      } else {
        job.state = 'failed';
        job.error = outcome.error;
      }
      job.finished_at = new Date().toISOString();
      await save();
    },
  };
}

/**
 * In the indexer: the reindex the API asked for, if one waits, claimed (so the screen shows it
 * taken) and run to its end, with its outcome recorded and audited as the API would. Null when none
 * waits. Two indexers claiming the same job at once both rebuild: the later swap wins, as with two
 * admin clicks (reindex-job.ts), so the cost is the work done twice.
 */
export async function runRequestedReindex(
  store: Store,
  engine: SearchEngine,
  logger: Logger,
): Promise<ReindexJob | null> {
  const job = await readReindexJob(store);
  if (job?.state !== 'running' || job.runner !== 'indexer' || job.claimed_at) return null;
  job.claimed_at = new Date().toISOString();
  const tracker = trackReindexJob(store, job);
  await tracker.save();
  logger.info({ job: job.id, started_by: job.started_by }, 'reindex asked for by an admin: rebuilding');
  try {
    const result = await rebuildIndex(store, engine, tracker.onProgress);
    await tracker.finish({ documents: result.documents });
  } catch (error) {
    logger.error({ err: error }, 'admin reindex failed');
    await tracker.finish({ error: FAILED_MESSAGE });
  }
  await store.audit
    .record({
      actor: job.started_by,
      action: 'reindex',
      entity_type: 'reindex',
      entity_id: job.id,
      entity_label: `Reindex (${engine.kind})`,
      before: null,
      after: { state: job.state, documents: job.documents, error: job.error },
    })
    .catch((error: unknown) => logger.error({ err: error }, 'could not record the reindex outcome'));
  return job;
}
