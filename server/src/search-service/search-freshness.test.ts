import { createLogger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { LONG_CATCH_UP, LONG_LOAD_MS, SearchFreshness } from './search-freshness';
import { SearchService } from './search-service';

// Whether search may answer from the engine: only once its index holds every change the store had
// made when the process started. Stand-in engines say where their index stands.

const silent = createLogger('silent', 'test');

/** An engine whose served position the test moves; every search it answers is empty. */
function engineAt(position: { served: number | null }) {
  let searched = 0;
  const engine = {
    kind: 'embedded',
    servingPosition: () => position.served,
    checkpoint: async () => position.served ?? 0,
    search: async () => {
      searched++;
      return { hits: [], totalHits: 0, page: 0, hitsPerPage: 20, facets: {}, processingTimeMs: 0 };
    },
  } as unknown as SearchEngine;
  return { engine, searched: () => searched };
}

describe('search freshness', () => {
  let store: Store;
  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    await store.agents.importMany([
      agentInput({ name: 'Ledgerly', role: 'Bookkeeper' }),
      agentInput({ name: 'Tallyho', role: 'Bookkeeper' }),
      agentInput({ name: 'Quillwise', role: 'Copywriter' }),
    ]);
  });
  afterEach(() => store.close());

  it('is loading while the engine has no index, catching up while it is behind the store, then current', async () => {
    const position: { served: number | null } = { served: null };
    const freshness = new SearchFreshness(engineAt(position).engine, store, { logger: silent });
    await freshness.start();
    expect(freshness.state).toBe('loading');
    position.served = 1;
    expect(freshness.state).toBe('catching_up');
    position.served = await store.changes.head();
    expect(freshness.state).toBe('current');
    freshness.stop();
  });

  it('calls the searches waiting for the index once it is current, and forgets those that stopped waiting', async () => {
    const position: { served: number | null } = { served: null };
    const freshness = new SearchFreshness(engineAt(position).engine, store, { logger: silent });
    await freshness.start();
    const called: string[] = [];
    freshness.onCurrent(() => called.push('waits'));
    const forget = freshness.onCurrent(() => called.push('answered by the store'));
    forget();
    expect(freshness.waiting).toBe(1);
    position.served = await store.changes.head();
    expect(freshness.state).toBe('current');
    expect(called).toEqual(['waits']);
    expect(freshness.waiting).toBe(0);
    // Current already: called at once, nothing kept.
    freshness.onCurrent(() => called.push('late'));
    expect(called).toEqual(['waits', 'late']);
    expect(freshness.waiting).toBe(0);
    freshness.stop();
  });

  it('stays current once current: later writes reach the index in moments, a rebuild is swapped in whole', async () => {
    const position: { served: number | null } = { served: await store.changes.head() };
    const freshness = new SearchFreshness(engineAt(position).engine, store, { logger: silent });
    await freshness.start();
    expect(freshness.state).toBe('current');
    await store.agents.create(agentInput({ name: 'Newcomer' }));
    position.served = 0;
    expect(freshness.state).toBe('current');
    freshness.stop();
  });

  it('compares the checkpoint of an engine that does not say what it serves (Meilisearch)', async () => {
    const head = await store.changes.head();
    let checkpoint = 0;
    const engine = { kind: 'meilisearch', checkpoint: async () => checkpoint } as unknown as SearchEngine;
    const freshness = new SearchFreshness(engine, store, { logger: silent, pollMs: 10 });
    await freshness.start();
    expect(freshness.state).toBe('catching_up');
    checkpoint = head;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(freshness.state).toBe('current');
    freshness.stop();
  });

  it('When the index is not current, then search answers from the store, marked degraded, without asking the engine', async () => {
    const position: { served: number | null } = { served: 0 };
    const { engine, searched } = engineAt(position);
    const freshness = new SearchFreshness(engine, store, { logger: silent });
    await freshness.start();
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => lines.push(line) });
    const service = new SearchService(engine, store, logger, { freshness });
    const answer = await service.search({ query: 'bookkeeper' });
    expect(answer.degraded).toBe(true);
    expect(answer.response.hits.map((hit) => hit.document.name).sort()).toEqual(['Ledgerly', 'Tallyho']);
    expect(searched()).toBe(0);
    // Expected while starting: not a warning on every request.
    expect(lines).toEqual([]);
    position.served = await store.changes.head();
    expect((await service.search({ query: 'bookkeeper' })).degraded).toBe(false);
    expect(searched()).toBe(1);
    freshness.stop();
  });

  it('asks once for the store to be readied when the index catches up from far behind (rebuilt after it was lost)', async () => {
    await store.agents.importMany(
      Array.from({ length: LONG_CATCH_UP + 1 }, (_, i) =>
        agentInput({ name: `Filler${i}`, address: `https://filler-${i}.example` }),
      ),
    );
    const position: { served: number | null } = { served: 0 };
    let asked = 0;
    const freshness = new SearchFreshness(engineAt(position).engine, store, {
      logger: silent,
      onLongWait: () => asked++,
    });
    await freshness.start();
    expect(freshness.state).toBe('catching_up');
    expect(asked).toBe(1);
    expect(freshness.state).toBe('catching_up');
    expect(asked).toBe(1);
    freshness.stop();
  });

  it('does not ask while an index loads from its snapshot, only once loading has lasted LONG_LOAD_MS', async () => {
    const position: { served: number | null } = { served: null };
    let now = 1_000_000;
    let asked = 0;
    const freshness = new SearchFreshness(engineAt(position).engine, store, {
      logger: silent,
      onLongWait: () => asked++,
      now: () => now,
    });
    await freshness.start();
    now += LONG_LOAD_MS - 1;
    expect(freshness.state).toBe('loading');
    expect(asked).toBe(0);
    now += 1;
    expect(freshness.state).toBe('loading');
    expect(asked).toBe(1);
    // A few changes behind once loaded: caught up in moments, nothing more asked.
    position.served = (await store.changes.head()) - 1;
    expect(freshness.state).toBe('catching_up');
    expect(asked).toBe(1);
    freshness.stop();
  });

  it('readies the store by asking its plain matching once, the answer unused', async () => {
    const asked: string[] = [];
    const searchBasicHeld = store.agents.searchBasicHeld.bind(store.agents);
    store.agents.searchBasicHeld = async (query, limit) => {
      asked.push(query);
      return searchBasicHeld(query, limit);
    };
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => lines.push(line) });
    const service = new SearchService(null, store, logger);
    await service.warmFallback();
    expect(asked).toHaveLength(1);
    expect(lines[0]).toContain('plain matching ready');
  });
});
