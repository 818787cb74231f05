import { EMPTY_PROFILE } from '@agentry/domain/agent-profile';
import { createLogger } from '@agentry/platform/log/logger';
import { EmbeddedSearchEngine } from '@agentry/platform/search/embedded/embedded-engine';
import type { ApplyBatch, SearchEngine } from '@agentry/platform/search/port';
import { agentInput } from '@agentry/platform/store/contract';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { compareIndex, totalDifferences } from './check';
import { rebuildIndex } from './rebuild';
import { DEAD_LETTER_KEY, PRUNED_KEY, runIndexer } from './sync-loop';

const logger = createLogger('silent', 'test');

/** The limit only ends a hang (5 s was little on two busy cores). */
async function until(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('indexer', () => {
  let store: Store;
  let engine: EmbeddedSearchEngine;
  let controller: AbortController;
  let running: Promise<void>;

  const start = (target: SearchEngine = engine) => {
    controller = new AbortController();
    running = runIndexer({ store, engine: target, logger, pollMs: 5, signal: controller.signal });
  };
  const names = async (query: string) =>
    (await engine.search({ query })).hits.map((hit) => hit.document.name);

  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  });
  afterEach(async () => {
    controller?.abort();
    await running;
    await engine.close();
    await store.close();
  });

  it('makes created, edited and removed agents searchable, then not', async () => {
    start();
    const agent = await store.agents.create(agentInput({ name: 'LedgerLeaf' }));
    await until(async () => (await names('ledgerleaf')).includes('LedgerLeaf'));
    await store.agents.update(agent.id, { name: 'CountBot' });
    await until(async () => (await names('countbot')).includes('CountBot'));
    expect(await names('ledgerleaf')).toEqual([]);
    await store.agents.update(agent.id, { removed: true });
    await until(async () => (await names('countbot')).length === 0);
    expect(await engine.checkpoint()).toBe(await store.changes.head());
  });

  it('carries a profile save (which touches its agent) into the index: its facts filter and count', async () => {
    start();
    const agent = await store.agents.create(agentInput({ name: 'DeskHelper' }));
    await until(async () => (await names('deskhelper')).includes('DeskHelper'));
    const slackers = async () =>
      (await engine.search({ query: '', filters: { integrations: ['Slack'] } })).hits.map(
        (hit) => hit.document.name,
      );
    expect(await slackers()).toEqual([]);
    await store.profiles.save(agent.id, { ...EMPTY_PROFILE, integrations: ['Slack'], languages: ['es'] });
    await store.agents.touch([agent.id]);
    await until(async () => (await slackers()).includes('DeskHelper'));
    const counted = await engine.search({ query: '', facets: ['languages'] });
    expect({ ...counted.facets.languages }).toEqual({ es: 1 });
    expect(totalDifferences(await compareIndex(store, engine))).toBe(0);
  });

  it('finds a profile the index missed as a stale document, and a rebuild carries every profile', async () => {
    const agent = await store.agents.create(agentInput({ name: 'OpsHelper' }));
    await rebuildIndex(store, engine);
    // Saved without touching the agent: the index cannot know.
    await store.profiles.save(agent.id, { ...EMPTY_PROFILE, deployment: ['self_hosted'] });
    expect((await compareIndex(store, engine)).stale).toEqual([agent.id]);
    await rebuildIndex(store, engine);
    expect(totalDifferences(await compareIndex(store, engine))).toBe(0);
    const found = await engine.search({ query: '', filters: { deployment: ['self_hosted'] } });
    expect(found.hits.map((hit) => hit.document.name)).toEqual(['OpsHelper']);
  });

  it('sizes its batches to a time budget when given one, learned from the last batch', async () => {
    await store.agents.importMany(Array.from({ length: 150 }, (_, i) => agentInput({ name: `Batch ${i}` })));
    let clock = 0;
    // Each change applied costs 2 ms on this clock: 100 changes hold the thread 200 ms.
    const timed: SearchEngine = Object.create(engine);
    timed.apply = async (batch: ApplyBatch) => {
      clock += 2 * (batch.upserts.length + batch.deletes.length);
      return engine.apply(batch);
    };
    const sizes: number[] = [];
    controller = new AbortController();
    running = runIndexer({
      store,
      engine: timed,
      logger,
      pollMs: 5,
      signal: controller.signal,
      batchSize: 100,
      batchBudgetMs: 20,
      now: () => clock,
      onBatch: (info) => sizes.push(info.upserts + info.deletes),
    });
    await until(async () => (await engine.checkpoint()) === (await store.changes.head()));
    // The first batch is the whole 100; at 2 ms a change the next ones take 10 (20 ms).
    expect(sizes.slice(0, 3)).toEqual([100, 10, 10]);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(150);
  });

  it('catches up from its checkpoint after a restart', async () => {
    await store.agents.importMany([agentInput({ name: 'One' }), agentInput({ name: 'Two' })]);
    start();
    await until(async () => (await engine.stats()).documents === 2);
    controller.abort();
    await running;
    await store.agents.create(agentInput({ name: 'Three' }));
    start();
    await until(async () => (await engine.stats()).documents === 3);
    expect(totalDifferences(await compareIndex(store, engine))).toBe(0);
  });

  it('retries while the engine fails and applies once it recovers', async () => {
    let failuresLeft = 2;
    const flaky: SearchEngine = Object.create(engine, {
      apply: {
        value: async (batch: ApplyBatch) => {
          if (failuresLeft-- > 0) throw new Error('engine unavailable');
          return engine.apply(batch);
        },
      },
      ping: {
        value: async () => {
          throw new Error('down');
        },
      },
    });
    await store.agents.create(agentInput({ name: 'Patient' }));
    start(flaky);
    await until(async () => (await names('patient')).includes('Patient'));
    expect(failuresLeft).toBeLessThan(0);
  });

  it('sets aside a record the engine keeps refusing and indexes the rest', async () => {
    const poison = await store.agents.create(agentInput({ name: 'Poison' }));
    await store.agents.create(agentInput({ name: 'Healthy' }));
    const picky: SearchEngine = Object.create(engine, {
      apply: {
        value: async (batch: ApplyBatch) => {
          if (batch.upserts.some((document) => document.id === poison.id))
            throw new Error('document too large');
          return engine.apply(batch);
        },
      },
      ping: { value: async () => {} },
    });
    start(picky);
    await until(async () => (await names('healthy')).includes('Healthy'), 15_000);
    await until(async () => (await engine.checkpoint()) === (await store.changes.head()), 15_000);
    const deadLetters = JSON.parse((await store.kv.get(DEAD_LETTER_KEY)) ?? '[]');
    expect(deadLetters).toEqual([expect.objectContaining({ id: poison.id, reason: 'document too large' })]);
  }, 30_000);

  it('rebuilds everything when the change log was pruned past its checkpoint', async () => {
    await store.agents.importMany([agentInput({ name: 'Old One' }), agentInput({ name: 'Old Two' })]);
    const head = await store.changes.head();
    await store.changes.prune(head);
    await store.kv.set(PRUNED_KEY, String(head));
    start();
    await until(async () => (await engine.stats()).documents === 2);
    expect(await engine.checkpoint()).toBe(head);
  });

  it('replays changes made during a rebuild after the swap', async () => {
    await store.agents.importMany([agentInput({ name: 'Before' })]);
    start();
    await until(async () => (await engine.stats()).documents === 1);
    const build = rebuildIndex(store, engine);
    await store.agents.create(agentInput({ name: 'During' }));
    await build;
    await until(async () => (await names('during')).includes('During'));
    await until(async () => totalDifferences(await compareIndex(store, engine)) === 0);
  });
});
