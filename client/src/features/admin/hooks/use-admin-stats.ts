import { useEffect, useState } from 'react';
import { type AdminStats, getAdminStats } from '../api/get-admin-stats';
import { useAdminSession } from './use-admin-session';

export type AdminStatsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; stats: AdminStats };

/**
 * The counts and chart data, read on arrival and again at each refresh `generation`. A refresh
 * keeps what is on screen until the new numbers arrive (and if they do not).
 */
export function useAdminStats(generation: number): AdminStatsState {
  const { run } = useAdminSession();
  const [state, setState] = useState<AdminStatsState>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the refresh trigger
  useEffect(() => {
    const controller = new AbortController();
    run(() => getAdminStats(controller.signal)).then(
      (stats) => {
        if (!controller.signal.aborted) setState({ status: 'ready', stats });
      },
      () => {
        if (!controller.signal.aborted)
          setState((old) => (old.status === 'ready' ? old : { status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [run, generation]);

  return state;
}
