import { useEffect, useRef, useState } from 'react';

// A small loader for read-only API calls: runs `load` whenever `key` changes (null = nothing to
// load), aborts the previous call, and never shows data that belongs to an older key.

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

export function useAsync<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const [entry, setEntry] = useState<{ key: string | null; state: AsyncState<T> }>({
    key: null,
    state: { status: 'idle' },
  });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setEntry({ key, state: { status: 'loading' } });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setEntry({ key, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setEntry({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (key === null) return { status: 'idle' };
  return entry.key === key ? entry.state : { status: 'loading' };
}
