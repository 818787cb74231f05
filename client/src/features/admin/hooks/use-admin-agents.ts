import type { AdminAgentsPage } from '@agentry/domain/contract/admin';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AdminAgent, AGENTS_MAX_LIMIT, AGENTS_PAGE_SIZE, getAdminAgents } from '../api/get-admin-agents';
import { useAdminSession } from './use-admin-session';

// Manage Agents' list. With 100,000 agents it is read a page at a time ("Show more" appends the
// next one). A refresh (each `generation`) reads again as many as are loaded, in the server's
// largest pages, and swaps them in place: nothing disappears meanwhile, so the focused button
// stays where it was. A saved agent replaces its old copy at once, before that refresh.

export interface AdminAgentsState {
  status: 'loading' | 'error' | 'ready';
  items: AdminAgent[];
  total: number;
  more: 'idle' | 'loading' | 'error';
}

const LOADING: AdminAgentsState = { status: 'loading', items: [], total: 0, more: 'idle' };

function appendNew(items: AdminAgent[], page: AdminAgent[]): AdminAgent[] {
  // The list may have changed between pages: an agent seen already is not shown twice.
  const seen = new Set(items.map((agent) => agent.id));
  return [...items, ...page.filter((agent) => !seen.has(agent.id))];
}

/** Which agents the list shows: one category ('' for all) and a part of the name ('' for any). */
export interface AdminAgentsFilter {
  category: string;
  name: string;
}

export function useAdminAgents({ category, name }: AdminAgentsFilter, generation: number) {
  const { run } = useAdminSession();
  const [state, setState] = useState<AdminAgentsState>(LOADING);
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  // The latest first-page load or refresh: answers to older ones are dropped.
  const requestRef = useRef(0);

  const fetchPage = useCallback(
    (offset: number, limit: number, signal?: AbortSignal): Promise<AdminAgentsPage> =>
      run(() => getAdminAgents({ offset, limit, category, name }, signal)),
    [run, category, name],
  );
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const request = ++requestRef.current;
    const controller = new AbortController();
    const current = () => !controller.signal.aborted && request === requestRef.current;
    setState(LOADING);
    fetchPage(0, AGENTS_PAGE_SIZE, controller.signal).then(
      (page) => {
        if (current()) setState({ status: 'ready', items: page.agents, total: page.total, more: 'idle' });
      },
      () => {
        if (current()) setState({ ...LOADING, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [fetchPage, attempt]);

  useEffect(() => {
    if (generation === 0) return;
    const request = ++requestRef.current;
    const controller = new AbortController();
    const current = () => !controller.signal.aborted && request === requestRef.current;
    const wanted = Math.max(stateRef.current.items.length, AGENTS_PAGE_SIZE);
    (async () => {
      let items: AdminAgent[] = [];
      let total = 0;
      while (items.length < wanted) {
        const limit = Math.min(AGENTS_MAX_LIMIT, wanted - items.length);
        const page = await fetchRef.current(items.length, limit, controller.signal);
        items = appendNew(items, page.agents);
        total = page.total;
        if (page.agents.length < limit) break;
      }
      return { items, total };
    })().then(
      ({ items, total }) => {
        if (current())
          setState({ status: 'ready', items, total: Math.max(total, items.length), more: 'idle' });
      },
      () => {
        // What is on screen stays; the failure is said above it.
        if (current()) setState((old) => ({ ...old, status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [generation]);

  const loadMore = useCallback(() => {
    const { status, more, items, total } = stateRef.current;
    if (status !== 'ready' || more === 'loading' || items.length >= total) return;
    const request = requestRef.current;
    setState((old) => ({ ...old, more: 'loading' }));
    fetchPage(items.length, AGENTS_PAGE_SIZE).then(
      (page) => {
        if (request !== requestRef.current) return;
        setState((old) => {
          const next = appendNew(old.items, page.agents);
          // An empty page means the list has shrunk below what was loaded: stop there.
          const newTotal = page.agents.length === 0 ? next.length : Math.max(page.total, next.length);
          return { ...old, items: next, total: newTotal, more: 'idle' };
        });
      },
      () => {
        if (request === requestRef.current) setState((old) => ({ ...old, more: 'error' }));
      },
    );
  }, [fetchPage]);

  const replace = useCallback((agent: AdminAgent) => {
    setState((old) => ({ ...old, items: old.items.map((item) => (item.id === agent.id ? agent : item)) }));
  }, []);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return { state, loadMore, replace, retry };
}
