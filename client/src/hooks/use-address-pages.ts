import { useCallback, useEffect, useRef, useState } from 'react';
import { type AsyncState, useAsync } from './use-async';

// A list whose pages are addresses of their own (issue 25: a provider's page, a directory category
// or role, ?page=N): the page the address names, then the next pages appended in place by "Show
// more" (the same link followed without JavaScript opens ?page=N+1). The first page shown comes
// with the HTML when the server rendered it; every other page is one bounded API read. A new key
// (another list or another page number) starts over.

export type MoreState = 'idle' | 'loading' | 'error';

export interface AddressPages<P, T> {
  /** The page the address names, as its read answered. */
  page: AsyncState<P>;
  /** Every item shown: the address's page, then those "Show more" appended, each once. */
  items: T[];
  /** How many items the list holds, as the latest page said. */
  total: number;
  /** The number of the page "Show more" reads next (its link's ?page=). */
  nextPage: number;
  /** Whether the list has items after those shown. */
  hasMore: boolean;
  /** The latest "Show more": loading, or failed (the link stays, to try again). */
  more: MoreState;
  loadMore: () => void;
}

export interface AddressPagesOptions<P, T> {
  /** Names the list (null: no list to show); the page number is part of the key. */
  list: string | null;
  pageNumber: number;
  pageSize: number;
  /** Reads the page that starts at `offset`. */
  load: (offset: number, signal: AbortSignal) => Promise<P>;
  /** That page when the page's HTML carried it (lib/api/first-view.ts), else undefined. */
  inPage: (offset: number) => P | undefined;
  /** A page's items and the list's total as that page says. */
  itemsOf: (page: P) => readonly T[];
  totalOf: (page: P) => number;
  idOf: (item: T) => string;
  /** No more pages past this many items (search goes no deeper than SEARCH_MAX_DEPTH). */
  maxItems?: number;
}

interface Appended<T> {
  key: string | null;
  items: T[];
  pages: number;
  /** The total the latest page answered, which may have moved since the first. */
  total: number | null;
  /** A page came back short: the list ends there, whatever the total said. */
  done: boolean;
  more: MoreState;
}

const nothingAppended = <T>(key: string | null): Appended<T> => ({
  key,
  items: [],
  pages: 0,
  total: null,
  done: false,
  more: 'idle',
});

export function useAddressPages<P, T>(options: AddressPagesOptions<P, T>): AddressPages<P, T> {
  const { list, pageNumber, pageSize, itemsOf, totalOf, idOf, maxItems = Number.POSITIVE_INFINITY } = options;
  const key = list === null ? null : `${list}\u0000${pageNumber}`;
  const offset = (pageNumber - 1) * pageSize;
  const reads = useRef(options);
  reads.current = options;
  const page = useAsync(
    key,
    (signal) => reads.current.load(offset, signal),
    () => reads.current.inPage(offset),
  );
  const [appended, setAppended] = useState<Appended<T>>(() => nothingAppended(key));
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const current = appended.key === key ? appended : nothingAppended<T>(key);
  const first = page.status === 'success' ? itemsOf(page.data) : null;
  const items = first ? [...first, ...current.items] : [];
  const total = current.total ?? (page.status === 'success' ? totalOf(page.data) : 0);
  const nextPage = pageNumber + current.pages + 1;
  const hasMore = first !== null && !current.done && offset + items.length < Math.min(total, maxItems);

  const loadMore = useCallback(() => {
    if (!hasMore || current.more === 'loading') return;
    controller.current?.abort();
    const reading = new AbortController();
    controller.current = reading;
    setAppended({ ...current, more: 'loading' });
    reads.current.load((nextPage - 1) * pageSize, reading.signal).then(
      (next) => {
        if (reading.signal.aborted) return;
        setAppended((state) => {
          if (state.key !== key) return state;
          // The list may have changed between pages: an item shown already is not shown twice.
          const seen = new Set([...(first ?? []), ...state.items].map(idOf));
          const nextItems = itemsOf(next);
          const fresh = nextItems.filter((item) => !seen.has(idOf(item)));
          return {
            key,
            items: [...state.items, ...fresh],
            pages: state.pages + 1,
            total: totalOf(next),
            // A short page means the list has shrunk below what it said: stop there.
            done: nextItems.length < pageSize,
            more: 'idle',
          };
        });
      },
      () => {
        if (!reading.signal.aborted)
          setAppended((state) => (state.key === key ? { ...state, more: 'error' } : state));
      },
    );
  }, [hasMore, current, nextPage, pageSize, key, first, idOf, itemsOf, totalOf]);

  return { page, items, total, nextPage, hasMore, more: current.more, loadMore };
}
