import { createLogger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { ENGINE_TIMEOUT_MS, SearchService } from './search-service';

/** An engine on the network (Meilisearch) that takes every search and never answers. */
const hanging = {
  kind: 'meilisearch',
  search: () => new Promise(() => {}),
} as unknown as SearchEngine;

describe('search service when the engine hangs', () => {
  let store: Store;
  let logged: string[];
  let service: SearchService;
  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    await store.agents.importMany([
      agentInput({ name: 'Scribe', role: 'Writer', cost: '$40/month' }),
      agentInput({ name: 'Quill', role: 'Writer', cost: 'Contact sales' }),
      agentInput({ name: 'Inky', role: 'Writer', cost: '$12/month' }),
      agentInput({ name: 'Pen Pal', role: 'Writer', cost: '$25/month' }),
    ]);
    logged = [];
    const logger = createLogger('warn', 'test', { write: (line: string) => logged.push(line) });
    service = new SearchService(hanging, store, logger);
    jest.useFakeTimers();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await store.close();
  });

  it('answers from the store once the engine has had its time, marked degraded and logged', async () => {
    let settled = false;
    const answer = service.search({ query: 'writer' }).finally(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(ENGINE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const { response, degraded } = await answer;
    expect(degraded).toBe(true);
    expect(response.totalHits).toBe(4);
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual([
      'search engine failed; answering from the store',
    ]);
  });

  it('honours price filters and the sort order in the degraded answer', async () => {
    const answer = service.search({ query: 'writer', priceMonthly: { min: 20 }, sort: 'price_asc' });
    await jest.advanceTimersByTimeAsync(ENGINE_TIMEOUT_MS);
    const { response, degraded } = await answer;
    expect(degraded).toBe(true);
    expect(response.hits.map((hit) => hit.document.name)).toEqual(['Pen Pal', 'Scribe']);
    const descending = service.search({ query: 'writer', sort: 'price_desc' });
    await jest.advanceTimersByTimeAsync(ENGINE_TIMEOUT_MS);
    expect((await descending).response.hits.map((hit) => hit.document.name)).toEqual([
      'Scribe',
      'Pen Pal',
      'Inky',
      'Quill',
    ]);
  });
});

describe('search service while the index loads', () => {
  let store: Store;
  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    await store.agents.importMany([agentInput({ name: 'Scribe', role: 'Writer' })]);
  });
  afterEach(() => store.close());

  /** The store's plain matching: whole agents or their ids and held words (the fallback's searches). */
  const isPlainMatching = (name: string | symbol) => name === 'searchBasic' || name === 'searchBasicHeld';

  /** The store's plain matching held (its first query reading every agent) until `release()`. */
  function slowStore() {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const agents = new Proxy(store.agents, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (!isPlainMatching(name) || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await held;
          return value.apply(target, args);
        };
      },
    });
    return { store: { ...store, agents } as Store, release };
  }

  /** An index that is current once `reach()` is called, and an engine answering from it. */
  function loadingIndex() {
    let state: 'loading' | 'current' = 'loading';
    let reach = () => {};
    const waiting = new Set<() => void>();
    const reached = new Promise<void>((resolve) => {
      reach = () => {
        state = 'current';
        resolve();
      };
    });
    const engine = {
      kind: 'embedded',
      search: async () => ({
        hits: [],
        totalHits: 0,
        page: 0,
        hitsPerPage: 20,
        facets: {},
        processingTimeMs: 0,
      }),
    } as unknown as SearchEngine;
    return {
      engine,
      freshness: {
        get state() {
          return state;
        },
        onCurrent(then: () => void) {
          waiting.add(then);
          void reached.then(() => {
            if (waiting.delete(then)) then();
          });
          return () => waiting.delete(then);
        },
      },
      waiting,
      reach,
    };
  }

  it('answers from the index when it becomes current while the store still reads', async () => {
    const slow = slowStore();
    const { engine, freshness, reach } = loadingIndex();
    const service = new SearchService(engine, slow.store, createLogger('silent', 'test'), { freshness });
    const answer = service.search({ query: 'writer' });
    reach();
    expect((await answer).degraded).toBe(false);
    slow.release();
  });

  /** The store's plain matching, counting the queries it is asked. */
  function countingStore() {
    let asked = 0;
    const agents = new Proxy(store.agents, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (!isPlainMatching(name) || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          asked += 1;
          return value.apply(target, args);
        };
      },
    });
    return { store: { ...store, agents } as Store, asked: () => asked };
  }

  it('waits for an index loading from its snapshot without asking the store (waitWhileLoading)', async () => {
    const counting = countingStore();
    const { engine, freshness, reach } = loadingIndex();
    const service = new SearchService(engine, counting.store, createLogger('silent', 'test'), {
      freshness,
      waitWhileLoading: true,
    });
    const answer = service.search({ query: 'writer' });
    await new Promise((resolve) => setImmediate(resolve));
    reach();
    expect((await answer).degraded).toBe(false);
    // Without the option the store's first query (every agent's text read) starts at once.
    expect(counting.asked()).toBe(0);
  });

  it('lets the store answer the searches waiting for a load once the store is readied (a long load)', async () => {
    const counting = countingStore();
    const { engine, freshness, waiting } = loadingIndex();
    const service = new SearchService(engine, counting.store, createLogger('silent', 'test'), {
      freshness,
      waitWhileLoading: true,
    });
    const answer = service.search({ query: 'writer' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(counting.asked()).toBe(0);
    await service.warmFallback();
    const { response, degraded } = await answer;
    expect(degraded).toBe(true);
    expect(response.hits.map((hit) => hit.document.name)).toEqual(['Scribe']);
    // The readying query and the search's own; nothing is left waiting for the index.
    expect(counting.asked()).toBe(2);
    expect(waiting.size).toBe(0);
    expect((await service.search({ query: 'writer' })).degraded).toBe(true);
  });

  it('When the store is readied for a long wait, then the engine prepares its first searches too, and a failure to is only logged', async () => {
    const { engine, freshness } = loadingIndex();
    const prepare = jest.fn(async () => {});
    const service = new SearchService({ ...engine, prepare }, store, createLogger('silent', 'test'), {
      freshness,
    });
    await service.warmFallback();
    expect(prepare).toHaveBeenCalledTimes(1);
    const failing = jest.fn(async () => {
      throw new Error('no lexicon');
    });
    const other = new SearchService({ ...engine, prepare: failing }, store, createLogger('silent', 'test'), {
      freshness,
    });
    await expect(other.warmFallback()).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(1);
    expect((await other.search({ query: 'writer' })).degraded).toBe(true);
  });

  it('answers from the store, marked degraded, when it answers before the index is current', async () => {
    const { engine, freshness, waiting } = loadingIndex();
    const service = new SearchService(engine, store, createLogger('silent', 'test'), { freshness });
    const { response, degraded } = await service.search({ query: 'writer' });
    expect(degraded).toBe(true);
    expect(response.hits.map((hit) => hit.document.name)).toEqual(['Scribe']);
    // Answered: it no longer waits for the index (an index behind for hours keeps no search alive).
    expect(waiting.size).toBe(0);
  });
});
