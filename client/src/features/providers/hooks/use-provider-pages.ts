import type { PublicAgent } from '@agentry/domain/agent';
import { PROVIDER_PAGE_SIZE, providerPageOffset } from '@agentry/domain/provider-page';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
import { getProvider, type ProviderPage, providerInPage } from '../api/get-provider';

// A provider page from the page its address names (?page=N, issue 25), then the next pages
// appended in place by "Show more" (the same link followed without JavaScript opens ?page=N+1).
// The first page shown comes with the HTML when the server rendered it; every other page is one
// bounded API read. A new address (another provider or page number) starts over.

export interface ProviderPages {
  /** The provider and the page its address names. */
  page: AsyncState<ProviderPage>;
  /** Every agent shown: the address's page, then those "Show more" appended, each once. */
  agents: PublicAgent[];
  /** The number of the page "Show more" reads next (its link's ?page=). */
  nextPage: number;
  /** Whether the provider lists agents after those shown. */
  hasMore: boolean;
  /** The latest "Show more": loading, or failed (the link stays, to try again). */
  more: 'idle' | 'loading' | 'error';
  loadMore: () => void;
}

interface Appended {
  key: string;
  agents: PublicAgent[];
  pages: number;
  /** The total the latest page answered, which may have moved since the first. */
  total: number | null;
  /** A page came back short: the list ends there, whatever the total said. */
  done: boolean;
  more: ProviderPages['more'];
}

const nothingAppended = (key: string): Appended => ({
  key,
  agents: [],
  pages: 0,
  total: null,
  done: false,
  more: 'idle',
});

export function useProviderPages(slug: string, pageNumber: number): ProviderPages {
  const key = `${slug}\u0000${pageNumber}`;
  const offset = providerPageOffset(pageNumber);
  const page = useAsync(
    key,
    (signal) => getProvider(slug, offset, signal),
    () => providerInPage(slug, offset),
  );
  const [appended, setAppended] = useState<Appended>(() => nothingAppended(key));
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const current = appended.key === key ? appended : nothingAppended(key);
  const first = page.status === 'success' ? page.data : null;
  const agents = first ? [...first.agents, ...current.agents] : [];
  const total = current.total ?? first?.total ?? 0;
  const nextPage = pageNumber + current.pages + 1;
  const hasMore =
    first !== null && !current.done && offset + first.agents.length + current.agents.length < total;

  const loadMore = useCallback(() => {
    if (!hasMore || current.more === 'loading') return;
    controller.current?.abort();
    const reading = new AbortController();
    controller.current = reading;
    setAppended({ ...current, more: 'loading' });
    getProvider(slug, providerPageOffset(nextPage), reading.signal).then(
      (next) => {
        if (reading.signal.aborted) return;
        setAppended((state) => {
          if (state.key !== key) return state;
          // The list may have changed between pages: an agent shown already is not shown twice.
          const seen = new Set([...(first?.agents ?? []), ...state.agents].map((agent) => agent.id));
          const fresh = next.agents.filter((agent) => !seen.has(agent.id));
          return {
            key,
            agents: [...state.agents, ...fresh],
            pages: state.pages + 1,
            total: next.total,
            // A short page means the list has shrunk below what it said: stop there.
            done: next.agents.length < PROVIDER_PAGE_SIZE,
            more: 'idle',
          };
        });
      },
      () => {
        if (!reading.signal.aborted)
          setAppended((state) => (state.key === key ? { ...state, more: 'error' } : state));
      },
    );
  }, [hasMore, current, slug, nextPage, key, first]);

  return { page, agents, nextPage, hasMore, more: current.more, loadMore };
}
