import { useCallback, useEffect, useState } from 'react';
import {
  createShortlist,
  deleteShortlist,
  getShortlists,
  removeFromShortlist,
  renameShortlist,
  type Shortlist,
} from '../../../lib/api/shortlists';

// The employer's shortlists on the dashboard: loaded once, then kept in step with each change
// from the server's answer (the list as saved), without reloading them all.

export type ShortlistsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; lists: Shortlist[] };

export function useShortlists(enabled: boolean) {
  const [state, setState] = useState<ShortlistsState>({ status: enabled ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getShortlists(controller.signal).then(
      (lists) => {
        if (!controller.signal.aborted) setState({ status: 'ready', lists });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const update = useCallback((change: (lists: Shortlist[]) => Shortlist[]) => {
    setState((old) => (old.status === 'ready' ? { status: 'ready', lists: change(old.lists) } : old));
  }, []);
  const replace = useCallback(
    (list: Shortlist) => update((lists) => lists.map((old) => (old.id === list.id ? list : old))),
    [update],
  );

  return {
    state,
    reload: useCallback(() => setAttempt((count) => count + 1), []),
    create: useCallback(
      async (name: string) => {
        const list = await createShortlist(name);
        update((lists) => [list, ...lists]);
        return list;
      },
      [update],
    ),
    rename: useCallback(
      async (id: string, name: string) => replace(await renameShortlist(id, name)),
      [replace],
    ),
    remove: useCallback(
      async (id: string) => {
        await deleteShortlist(id);
        update((lists) => lists.filter((list) => list.id !== id));
      },
      [update],
    ),
    removeAgent: useCallback(
      async (id: string, agentId: string) => replace(await removeFromShortlist(id, agentId)),
      [replace],
    ),
  };
}
