import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiPage } from '../lib/api/api-client';

// A list read a page at a time: the first page whenever `key` changes (null = nothing to load),
// the next ones on demand, appended. A new key aborts what is under way, and a page that belongs
// to an older key is never shown.

export interface PagedList<T> {
  status: 'idle' | 'loading' | 'success' | 'error';
  /** Every item loaded so far, in order, each once. */
  items: T[];
  /** How many there are in all (the server's count). */
  total: number;
  /** The state of the latest request for more. */
  more: 'idle' | 'loading' | 'error';
  /** Loads the next page, unless one is loading or all are loaded. */
  loadMore: () => void;
}

interface Entry<T> {
  key: string | null;
  status: PagedList<T>['status'];
  items: T[];
  total: number;
  more: PagedList<T>['more'];
}

/** One empty array for every empty state, so that what depends on `items` does not change for nothing. */
const NO_ITEMS: never[] = [];

function empty<T>(key: string | null, status: PagedList<T>['status']): Entry<T> {
  return { key, status, items: NO_ITEMS, total: 0, more: 'idle' };
}

/**
 * `inPage` answers the first page when the page's HTML carried it (lib/api/first-view.ts, issue 25):
 * the first render shows it at once, on the server and in the browser alike, and it is not loaded
 * again; "Show more" loads the next pages as usual.
 */
export function usePagedList<T>(
  key: string | null,
  loadPage: (offset: number, signal: AbortSignal) => Promise<ApiPage<T>>,
  idOf: (item: T) => string,
  inPage?: () => ApiPage<T> | undefined,
): PagedList<T> {
  const [entry, setEntry] = useState<Entry<T>>(() => {
    const page = key !== null ? inPage?.() : undefined;
    return page === undefined
      ? empty(null, 'idle')
      : {
          key,
          status: 'success',
          items: page.items,
          total: Math.max(page.total, page.items.length),
          more: 'idle',
        };
  });
  // The key whose first page came with the page: nothing to load for it.
  const carried = useRef(entry.key);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const idRef = useRef(idOf);
  idRef.current = idOf;
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    if (carried.current === key) {
      carried.current = null;
      return () => controller.abort();
    }
    setEntry(empty(key, 'loading'));
    loadRef.current(0, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted)
          setEntry({ key, status: 'success', items: page.items, total: page.total, more: 'idle' });
      },
      () => {
        if (!controller.signal.aborted) setEntry(empty(key, 'error'));
      },
    );
    return () => controller.abort();
  }, [key]);

  const current = entry.key === key;
  const canLoadMore =
    current && entry.status === 'success' && entry.more !== 'loading' && entry.items.length < entry.total;
  const offset = entry.items.length;
  const loadMore = useCallback(() => {
    const controller = controllerRef.current;
    if (!canLoadMore || !controller) return;
    const sameKey = (state: Entry<T>) => state.key === key;
    setEntry((state) => (sameKey(state) ? { ...state, more: 'loading' } : state));
    loadRef.current(offset, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setEntry((state) => {
          if (!sameKey(state)) return state;
          // The list may have changed between pages: an item seen already is not shown twice.
          const seen = new Set(state.items.map((item) => idRef.current(item)));
          const fresh = page.items.filter((item) => !seen.has(idRef.current(item)));
          const items = [...state.items, ...fresh];
          // An empty page means the list has shrunk below what was loaded: stop there.
          const total = page.items.length === 0 ? items.length : Math.max(page.total, items.length);
          return { ...state, items, total, more: 'idle' };
        });
      },
      () => {
        if (!controller.signal.aborted)
          setEntry((state) => (sameKey(state) ? { ...state, more: 'error' } : state));
      },
    );
  }, [canLoadMore, key, offset]);

  const shown = key === null ? empty<T>(key, 'idle') : current ? entry : empty<T>(key, 'loading');
  return { status: shown.status, items: shown.items, total: shown.total, more: shown.more, loadMore };
}
