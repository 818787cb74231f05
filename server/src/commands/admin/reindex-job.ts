import { randomUUID } from 'node:crypto';
import { type RebuildProgress, rebuildIndex } from '@agentry/indexer/rebuild';
import { rebuildInWorker } from '@agentry/indexer/rebuild-in-worker';
import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Admin, Store } from '@agentry/platform/store/port';
import { conflict } from '../../http/errors';

// The admin screen's Reindex: the indexer's rebuild-and-swap (a new index beside the live one,
// then a swap; search answers throughout), run off the request thread. Its progress is kept in the
// store, so whichever API worker the screen's next poll reaches can report it.

export interface ReindexJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  documents: number | null;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  started_by: string;
  /** Refreshed while the job runs: a running job whose heartbeat stops died with its process. */
  heartbeat_at: string;
}

export const REINDEX_JOB_KEY = 'admin:reindex:job';
export const REINDEX_RUNNING_MESSAGE = 'A reindex is already running';
export const NO_INDEX_MESSAGE = 'Search answers from the store: there is no search index to rebuild';
const HEARTBEAT_MS = 2_000;
const STALE_AFTER_MS = 30_000;
const PROGRESS_WRITE_MS = 500;
/** A rebuild still running after this long is stopped and reported failed (100,000 agents take seconds). */
export const REINDEX_DEADLINE_MS = 60 * 60 * 1000;

/** A start in progress in this process: two clicks at once start one job, not two. */
let starting = false;

export interface ReindexDeps {
  config: Config;
  store: Store;
  engine: SearchEngine | null;
  logger: Logger;
}

/** The latest job, with a running one whose process stopped answering reported as failed. */
export async function readReindexJob(store: Pick<Store, 'kv'>, now = Date.now()): Promise<ReindexJob | null> {
  const raw = await store.kv.get(REINDEX_JOB_KEY);
  if (!raw) return null;
  const job = JSON.parse(raw) as ReindexJob;
  if (job.state === 'running' && now - Date.parse(job.heartbeat_at) > STALE_AFTER_MS) {
    return { ...job, state: 'failed', error: 'The reindex stopped: the process running it ended' };
  }
  return job;
}

/** Starts a rebuild and answers at once with the running job; 409 while another one runs. */
export async function startReindex(deps: ReindexDeps, admin: Admin): Promise<ReindexJob> {
  const { engine } = deps;
  if (!engine) throw conflict(NO_INDEX_MESSAGE, { success: false });
  if (starting) throw conflict(REINDEX_RUNNING_MESSAGE, { success: false });
  starting = true;
  try {
    return await start(deps, engine, admin);
  } finally {
    starting = false;
  }
}

async function start(deps: ReindexDeps, engine: SearchEngine, admin: Admin): Promise<ReindexJob> {
  const { store, config, logger } = deps;
  // Another API worker may start one in the same instant; the engine's swap keeps overlapping
  // rebuilds safe (the later one wins), so the cost of that race is only the work done twice.
  const current = await readReindexJob(store);
  if (current?.state === 'running') throw conflict(REINDEX_RUNNING_MESSAGE, { success: false, job: current });

  const started = new Date().toISOString();
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
  };
  // Writes go one after another, so an older progress figure never lands after a newer one.
  let writing = Promise.resolve();
  const save = () => {
    const snapshot = JSON.stringify({ ...job, heartbeat_at: new Date().toISOString() });
    writing = writing.then(() => store.kv.set(REINDEX_JOB_KEY, snapshot)).catch(() => undefined);
    return writing;
  };
  await save();

  let lastWrite = 0;
  const onProgress = ({ done, total }: RebuildProgress) => {
    job.done = done;
    job.total = total;
    if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
      lastWrite = Date.now();
      void save();
    }
  };
  const heartbeat = setInterval(() => void save(), HEARTBEAT_MS);
  heartbeat.unref();
  const rebuild =
    engine.kind === 'embedded'
      ? rebuildInWorker(config, onProgress, REINDEX_DEADLINE_MS)
      : rebuildIndex(store, engine, onProgress);
  rebuild
    .then(
      (result) => {
        job.state = 'done';
        job.documents = result.documents;
        job.done = result.documents;
        job.total = result.documents;
      },
      (error: unknown) => {
        logger.error({ err: error }, 'admin reindex failed');
        job.state = 'failed';
        job.error = 'The reindex failed; the live index is unchanged. See the server log.';
      },
    )
    .then(async () => {
      clearInterval(heartbeat);
      job.finished_at = new Date().toISOString();
      await save();
      await store.audit.record({
        actor: admin.username,
        action: 'reindex',
        entity_type: 'reindex',
        entity_id: job.id,
        entity_label: `Reindex (${engine.kind})`,
        before: null,
        after: { state: job.state, documents: job.documents, error: job.error },
      });
    })
    .catch((error: unknown) => logger.error({ err: error }, 'could not record the reindex outcome'));
  return { ...job };
}
