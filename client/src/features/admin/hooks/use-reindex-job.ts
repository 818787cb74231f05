import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../../lib/api/api-client';
import { getReindexJob, type ReindexJob, startReindex } from '../api/reindex';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { useAdminSession } from './use-admin-session';

/** How often a running reindex is asked how far it is. */
export const REINDEX_POLL_MS = 1000;

export interface ReindexState {
  /** The latest job; null before the first one; undefined until the first answer. */
  job: ReindexJob | null | undefined;
  starting: boolean;
  /** Why the last call failed, or the server's word on a job that was already running. */
  message: string | null;
  /** Counts the answers to polls: each one schedules the next while the job runs. */
  polls: number;
}

/** The search index rebuild: the latest job on arrival, then every second while one runs. */
export function useReindexJob() {
  const { run } = useAdminSession();
  const [state, setState] = useState<ReindexState>({
    job: undefined,
    starting: false,
    message: null,
    polls: 0,
  });
  const running = state.job?.state === 'running';

  useEffect(() => {
    const controller = new AbortController();
    run(() => getReindexJob(controller.signal)).then(
      (job) => {
        if (!controller.signal.aborted) setState((old) => ({ ...old, job }));
      },
      (error) => {
        if (controller.signal.aborted) return;
        const message = errorText(error, ADMIN_MESSAGES.fetchReindexFailed);
        setState((old) => ({ ...old, job: null, message }));
      },
    );
    return () => controller.abort();
  }, [run]);

  // While the job runs, each answer (or failure) schedules the next poll a second later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `polls` is the trigger for the next poll
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      run(() => getReindexJob(controller.signal)).then(
        (job) => {
          if (controller.signal.aborted) return;
          setState((old) => ({ ...old, job: job ?? old.job, message: null, polls: old.polls + 1 }));
        },
        (error) => {
          if (controller.signal.aborted) return;
          // Keep polling: one missed answer is no reason to stop following the job.
          const message = errorText(error, ADMIN_MESSAGES.fetchReindexFailed);
          setState((old) => ({ ...old, message, polls: old.polls + 1 }));
        },
      );
    }, REINDEX_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [running, state.polls, run]);

  const start = useCallback(async () => {
    setState((old) => ({ ...old, starting: true, message: null }));
    try {
      const { job, notice } = await run((token) => startReindex(token));
      setState((old) => ({ job, starting: false, message: notice, polls: old.polls }));
    } catch (error) {
      setState((old) => ({
        ...old,
        starting: false,
        message: errorText(error, ADMIN_MESSAGES.reindexFailed),
      }));
    }
  }, [run]);

  return { ...state, running, start };
}
