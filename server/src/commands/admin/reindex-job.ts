import { randomUUID } from 'node:crypto';
import {
  FAILED_MESSAGE,
  REINDEX_JOB_KEY,
  type ReindexJob,
  readReindexJob,
  trackReindexJob,
} from '@agentry/indexer/reindex-job-record';
import type { Admin } from '@agentry/platform/store/port';
import { conflict } from '../../http/errors';
import type { IndexRebuilder } from '../../search-service/index-rebuilder';
import type { Action } from '../command';
import type { Services } from '../services';

// The admin screen's Reindex: the indexer's rebuild-and-swap (a new index beside the live one,
// then a swap; search answers throughout), run off the request thread. Its progress is kept in the
// store (indexer/src/reindex-job-record.ts), so whichever API worker the screen's next poll reaches
// can report it. With Meilisearch and the indexer apart (compose), the API holds a search-only key
// and cannot build an index: it asks the indexer, which runs the job and records its progress.

export type { ReindexJob } from '@agentry/indexer/reindex-job-record';
export { REINDEX_JOB_KEY, readReindexJob };

export const REINDEX_RUNNING_MESSAGE = 'A reindex is already running';
export const NO_INDEX_MESSAGE = 'Search answers from the store: there is no search index to rebuild';
/** A start in progress in this process: two clicks at once start one job, not two. */
let starting = false;

/** The store and log, and how this API rebuilds its index (null: there is no index). */
type Needs = Pick<Services, 'store' | 'logger'> & { indexRebuilder: IndexRebuilder | null };

/** Starts a rebuild and answers at once with the running job; 409 while another one runs. */
export const startReindex: Action<Needs, { admin: Admin }, ReindexJob> = async (services, { admin }) => {
  const rebuilder = services.indexRebuilder;
  if (!rebuilder) throw conflict(NO_INDEX_MESSAGE, { success: false });
  if (starting) throw conflict(REINDEX_RUNNING_MESSAGE, { success: false });
  starting = true;
  try {
    return await start(services, rebuilder, admin);
  } finally {
    starting = false;
  }
};

async function start(services: Needs, rebuilder: IndexRebuilder, admin: Admin): Promise<ReindexJob> {
  const { store, logger } = services;
  // Another API worker may start one in the same instant; the engine's swap keeps overlapping
  // rebuilds safe (the later one wins), so the cost of that race is only the work done twice.
  const current = await readReindexJob(store);
  if (current?.state === 'running') throw conflict(REINDEX_RUNNING_MESSAGE, { success: false, job: current });

  const started = new Date().toISOString();
  const { delegated } = rebuilder;
  const job: ReindexJob = {
    id: randomUUID(),
    state: 'running',
    done: 0,
    total: await store.agents.count(),
    documents: null,
    started_at: started,
    finished_at: null,
    error: null,
    started_by: admin.username,
    heartbeat_at: started,
    runner: delegated ? 'indexer' : 'api',
    ...(delegated ? { claimed_at: null } : {}),
  };
  if (delegated) {
    // The indexer takes it within seconds (REQUEST_POLL_MS), runs it and records its outcome and
    // its audit entry; if none does within STALE_AFTER_MS, the job reads as failed, saying so.
    await store.kv.set(REINDEX_JOB_KEY, JSON.stringify(job));
    logger.info({ job: job.id }, 'reindex asked of the indexer');
    return { ...job };
  }
  const tracker = trackReindexJob(store, job);
  await tracker.save();
  rebuilder
    .rebuild(tracker.onProgress)
    .then(
      (result) => tracker.finish({ documents: result.documents }),
      (error: unknown) => {
        logger.error({ err: error }, 'admin reindex failed');
        return tracker.finish({ error: FAILED_MESSAGE });
      },
    )
    .then(() =>
      store.audit.record({
        actor: admin.username,
        action: 'reindex',
        entity_type: 'reindex',
        entity_id: job.id,
        entity_label: `Reindex (${rebuilder.engine})`,
        before: null,
        after: { state: job.state, documents: job.documents, error: job.error },
      }),
    )
    .catch((error: unknown) => logger.error({ err: error }, 'could not record the reindex outcome'));
  return { ...job };
}
