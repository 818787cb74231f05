import { useEffect, useRef, useState } from 'react';

// A small loader for read-only API calls: runs `load` whenever `key` changes (null = nothing to
// load), aborts the previous call, and never shows data that belongs to an older key.

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * `inPage` answers the data when the page's HTML carried it (lib/api/first-view.ts, issue 25): the
 * first render then shows it at once, on the server and in the browser alike, and `load` is not
 * called for that key. When it throws (the page carried the API's 404), that is the key's error.
 */
export function useAsync<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  inPage?: () => T | undefined,
): AsyncState<T> {
  const [entry, setEntry] = useState<{ key: string | null; state: AsyncState<T> }>(() => {
    let data: T | undefined;
    try {
      data = key !== null ? inPage?.() : undefined;
    } catch (error) {
      // The page was served as not found for this read: shown as the API's 404 would be.
      return { key, state: { status: 'error', error } };
    }
    return data === undefined
      ? { key: null, state: { status: 'idle' } }
      : { key, state: { status: 'success', data } };
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  // The key whose data came with the page: nothing to load for it.
  const carried = useRef(entry.key);

  useEffect(() => {
    if (key === null) return;
    if (carried.current === key) {
      carried.current = null;
      return;
    }
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
