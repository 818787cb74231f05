import { WRITE_GAP_MS } from '@agentry/platform/concurrency/write-gap';
import { createLogger } from '@agentry/platform/log/logger';
import type { AgentStatsRepository, OnceGroup } from '@agentry/platform/store/port';
import { BUSY_TIMEOUT_MS } from '@agentry/platform/store/sqlite/retry-when-busy';
import { AgentEventCounter } from './agent-event-counter';

type Entries = Parameters<AgentStatsRepository['increment']>[0];

const MONDAY = Date.parse('2026-11-16T00:00:00Z');
const HOUR = 60 * 60 * 1000;

function setup(
  options: { maxKeys?: number; flushAtKeys?: number; writeChunk?: number; failing?: () => boolean } = {},
) {
  const calls: Entries[] = [];
  const logLines: Array<{ msg: string; droppedKeys?: number; droppedEvents?: number }> = [];
  let clock = MONDAY + 10 * HOUR;
  const counter = new AgentEventCounter({
    repository: {
      async increment(entries) {
        if (options.failing?.()) throw new Error('store down');
        calls.push(entries);
      },
      admitOnce: async () => [],
    },
    logger: createLogger('warn', 'test', { write: (line: string) => logLines.push(JSON.parse(line)) }),
    now: () => clock,
    maxKeys: options.maxKeys,
    flushAtKeys: options.flushAtKeys,
    writeChunk: options.writeChunk ?? options.flushAtKeys,
  });
  return {
    counter,
    calls,
    logLines,
    setClock: (ms: number) => {
      clock = ms;
    },
  };
}

const sorted = (entries: Entries) =>
  [...entries].sort((a, b) =>
    `${a.week}${a.kind}${a.agent_id}`.localeCompare(`${b.week}${b.kind}${b.agent_id}`),
  );

describe('AgentEventCounter', () => {
  it('when agents are counted, then one flush writes one entry per agent, week and kind in one call', async () => {
    const { counter, calls } = setup();
    counter.count('appeared', ['a1', 'a2', 'a1']);
    counter.count('appeared', ['a2']);
    counter.count('opened', ['a1']);
    expect(counter.pendingKeys).toBe(3);

    await counter.flush();

    expect(calls).toHaveLength(1);
    expect(sorted(calls[0]!)).toEqual([
      { agent_id: 'a1', week: '2026-11-16', kind: 'appeared', count: 2 },
      { agent_id: 'a2', week: '2026-11-16', kind: 'appeared', count: 2 },
      { agent_id: 'a1', week: '2026-11-16', kind: 'opened', count: 1 },
    ]);
    expect(counter.pendingKeys).toBe(0);
  });

  it('when many counts wait, then a flush writes them in chunks, and a failed chunk keeps only what was not written', async () => {
    let calls = 0;
    const { counter, calls: written } = setup({ flushAtKeys: 1000, failing: () => ++calls === 3 });
    counter.count(
      'appeared',
      Array.from({ length: 2500 }, (_, i) => `a${i}`),
    );
    // Counting past flushAtKeys starts an early flush on its own: wait for it, then flush again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await counter.flush();
    const sizes = written.map((chunk) => chunk.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
    // Every count is written exactly once, whichever chunk failed on the way.
    const total = written.flat().reduce((sum, entry) => sum + entry.count, 0);
    expect(total + counter.pendingKeys).toBe(2500);
    if (counter.pendingKeys > 0) await counter.flush();
    expect(written.flat().reduce((sum, entry) => sum + entry.count, 0)).toBe(2500);
    expect(new Set(written.flat().map((entry) => entry.agent_id)).size).toBe(2500);
  });

  it('when nothing was counted, then a flush writes nothing', async () => {
    const { counter, calls } = setup();
    await counter.flush();
    expect(calls).toEqual([]);
  });

  it('buckets counts by the Monday (UTC) of the week they happened in', async () => {
    const { counter, calls, setClock } = setup();
    setClock(Date.parse('2026-11-22T23:59:59Z'));
    counter.count('clicked', ['a1']);
    setClock(Date.parse('2026-11-23T00:00:00Z'));
    counter.count('clicked', ['a1']);
    setClock(Date.parse('2026-11-15T12:00:00Z'));
    counter.count('clicked', ['a1']);

    await counter.flush();

    expect(sorted(calls[0]!).map((entry) => [entry.week, entry.count])).toEqual([
      ['2026-11-09', 1],
      ['2026-11-16', 1],
      ['2026-11-23', 1],
    ]);
  });

  it('when the store fails, then the counts are kept and written with newer ones at the next flush', async () => {
    let down = true;
    const { counter, calls, logLines } = setup({ failing: () => down });
    counter.count('appeared', ['a1', 'a2']);
    await counter.flush();
    expect(calls).toEqual([]);
    expect(counter.pendingKeys).toBe(2);
    expect(logLines.map((line) => line.msg)).toEqual([
      'analytics counts not written; kept for the next flush',
    ]);

    counter.count('appeared', ['a1']);
    counter.count('contacted', ['a3']);
    down = false;
    await counter.flush();

    expect(calls).toHaveLength(1);
    expect(sorted(calls[0]!)).toEqual([
      { agent_id: 'a1', week: '2026-11-16', kind: 'appeared', count: 2 },
      { agent_id: 'a2', week: '2026-11-16', kind: 'appeared', count: 1 },
      { agent_id: 'a3', week: '2026-11-16', kind: 'contacted', count: 1 },
    ]);
    expect(counter.pendingKeys).toBe(0);
  });

  it('when counts arrive during a flush that fails, then none of them is lost', async () => {
    let release: (() => void) | undefined;
    let writing: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      writing = resolve;
    });
    const calls: Entries[] = [];
    let attempts = 0;
    const counter = new AgentEventCounter({
      repository: {
        increment: (entries) => {
          attempts += 1;
          if (attempts > 1) {
            calls.push(entries);
            return Promise.resolve();
          }
          writing();
          return new Promise<void>((_, reject) => {
            release = () => reject(new Error('store down'));
          });
        },
        admitOnce: async () => [],
      },
      logger: createLogger('silent', 'test'),
      now: () => MONDAY,
    });
    counter.count('opened', ['a1']);
    const first = counter.flush();
    await started;
    counter.count('opened', ['a1', 'a2']);
    release!();
    await first;
    await counter.flush();
    expect(sorted(calls[0]!).map((entry) => [entry.agent_id, entry.count])).toEqual([
      ['a1', 2],
      ['a2', 1],
    ]);
  });

  it('when too many distinct counts wait, then the oldest are dropped with one warning', async () => {
    const { counter, logLines } = setup({ maxKeys: 3, failing: () => true });
    counter.count('appeared', ['old1', 'old2']);
    counter.count('opened', ['new1', 'new2']);
    expect(counter.pendingKeys).toBe(3);
    counter.count('clicked', ['new3']);
    expect(counter.pendingKeys).toBe(3);

    await counter.flush(); // fails: the store is down
    const warnings = logLines.filter((line) => line.msg.startsWith('analytics counts dropped'));
    expect(warnings).toEqual([expect.objectContaining({ droppedKeys: 2, droppedEvents: 2 })]);
    expect(counter.pendingFor(['old1', 'old2', 'new1', 'new2', 'new3'], '2026-01-05')).toEqual([
      expect.objectContaining({ agent_id: 'new1', opened: 1, clicked: 0 }),
      expect.objectContaining({ agent_id: 'new2', opened: 1 }),
      expect.objectContaining({ agent_id: 'new3', clicked: 1 }),
    ]);
  });

  it('answers the counts not yet written, per agent and week, for the agents asked about', () => {
    const { counter, setClock } = setup();
    counter.count('appeared', ['a1', 'a2']);
    counter.count('opened', ['a1']);
    setClock(Date.parse('2026-11-09T08:00:00Z'));
    counter.count('appeared', ['a1']);

    expect(counter.pendingFor(['a1'], '2026-11-16')).toEqual([
      { agent_id: 'a1', week: '2026-11-16', appeared: 1, opened: 1, clicked: 0, compared: 0, contacted: 0 },
    ]);
    expect(counter.pendingFor(['a1'], '2026-11-09')).toHaveLength(2);
    expect(counter.pendingFor(['zz'], '2026-01-05')).toEqual([]);
  });

  it('when many distinct counts wait, then a flush starts early, outside the request that counted', async () => {
    let down = false;
    const { counter, calls } = setup({ flushAtKeys: 3, failing: () => down });
    counter.start();
    try {
      counter.count('appeared', ['a1', 'a2', 'a3']);
      expect(calls).toHaveLength(0);
      await new Promise((resolve) => setImmediate(resolve));
      await counter.flush();
      expect(calls).toHaveLength(1);

      // While the store fails, the 10 s timer retries: no early flush per search.
      down = true;
      counter.count('appeared', ['b1', 'b2', 'b3']);
      await new Promise((resolve) => setImmediate(resolve));
      await counter.flush();
      counter.count('appeared', ['c1', 'c2', 'c3']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(counter.pendingKeys).toBe(6);
      down = false;
    } finally {
      await counter.stop();
    }
    // The six waiting entries, written at stop in chunks of flushAtKeys.
    expect(calls.slice(1).flat()).toHaveLength(6);
    expect(calls.every((chunk) => chunk.length <= 3)).toBe(true);
  });

  it('when a flush writes in chunks, then the store is left free between them for longer than a waiting writer’s busy_timeout', async () => {
    // Another process's write that meets a chunk polls for SQLite's lock for BUSY_TIMEOUT_MS, then
    // backs off: with only a turn of the event loop between chunks it mostly missed the lock and
    // waited through the whole flush (a sign-up's writes, issue 21).
    jest.useFakeTimers();
    try {
      const { counter, calls } = setup({ flushAtKeys: 100, writeChunk: 2 });
      counter.count('appeared', ['a1', 'a2', 'a3', 'a4', 'a5']);
      const flushing = counter.flush();
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(BUSY_TIMEOUT_MS);
      expect(calls).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(WRITE_GAP_MS - BUSY_TIMEOUT_MS);
      expect(calls).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(WRITE_GAP_MS);
      await flushing;
      expect(calls.map((chunk) => chunk.length)).toEqual([2, 2, 1]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when 10,000 distinct counts wait, then putting them in store order gives the event loop back before the first write', async () => {
    // Sorted in one call they held a worker's loop 58 ms (issue 24's trace), beyond the writes' budget.
    const written: Entries = [];
    let turns = 0;
    let turnsAtFirstWrite: number | undefined;
    const counter = new AgentEventCounter({
      repository: {
        async increment(entries) {
          turnsAtFirstWrite ??= turns;
          written.push(...entries);
        },
        admitOnce: async () => [],
      },
      logger: createLogger('silent', 'test'),
      now: () => MONDAY + 10 * HOUR,
      maxKeys: 100_000,
      flushAtKeys: 100_000,
    });
    const ids = Array.from({ length: 10_000 }, (_, i) => `a${(i * 7919) % 10_000}`);
    counter.count('appeared', ids);
    counter.count('opened', ids.slice(0, 10));
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await counter.flush();
    ticking = false;
    expect(turnsAtFirstWrite).toBeGreaterThanOrEqual(2);
    // Every count once, in the store's order (agent, then week).
    expect(written).toHaveLength(10_010);
    expect(written.map((entry) => entry.agent_id)).toEqual(written.map((entry) => entry.agent_id).sort());
    expect(written.reduce((sum, entry) => sum + entry.count, 0)).toBe(10_010);
  });

  it('when stopped, then the timer ends and what is left is written', async () => {
    jest.useFakeTimers();
    try {
      const { counter, calls } = setup();
      counter.start();
      counter.count('appeared', ['a1']);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(calls).toHaveLength(1);
      counter.count('appeared', ['a2']);
      await counter.stop();
      expect(calls).toHaveLength(2);
      counter.count('appeared', ['a3']);
      await jest.advanceTimersByTimeAsync(30_000);
      expect(calls).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  describe('a flush holds the event loop for one write budget at a time, however slow the store', () => {
    /** A store whose every entry holds the thread `msEach` on a fake clock; the chunks it was sent, with their time. */
    function slowStore(msEach: () => number) {
      let clock = 0;
      const chunks: Array<{ size: number; heldMs: number }> = [];
      const write = (size: number) => {
        const heldMs = size * msEach();
        clock += heldMs;
        chunks.push({ size, heldMs });
      };
      return {
        clock: () => clock,
        chunks,
        repository: {
          increment: async (entries: Entries) => write(entries.length),
          // Times the marks only (admitting none): the plain counts' chunks are timed below.
          admitOnce: async (groups: OnceGroup[]) => {
            write(groups.reduce((sum, group) => sum + group.agents.length, 0));
            return [];
          },
        },
      };
    }
    const counterOn = (store: ReturnType<typeof slowStore>) =>
      new AgentEventCounter({
        repository: store.repository,
        logger: createLogger('silent', 'test'),
        now: () => MONDAY + 10 * HOUR,
        clock: store.clock,
        writeBudgetMs: 10,
        writeChunk: 2000,
      });
    /** 5,000 marks: 250 visitors' searches of 20 agents each. */
    const search = (counter: AgentEventCounter, round = 0) => {
      for (let visitor = 0; visitor < 250; visitor += 1)
        counter.countFor(
          `ip:198.51.${round}.${visitor}`,
          'appeared',
          Array.from({ length: 20 }, (_, i) => `a${visitor * 20 + i}`),
        );
    };

    it('when each mark takes 1/16 ms, then every write after the first holds it at most 10 ms, and every mark is sent once', async () => {
      const store = slowStore(() => 1 / 16);
      const counter = counterOn(store);
      search(counter);
      await counter.flush();
      expect(store.chunks.reduce((sum, chunk) => sum + chunk.size, 0)).toBe(5000);
      expect(store.chunks.slice(1).every((chunk) => chunk.heldMs <= 10)).toBe(true);
      // The last chunk takes what is left.
      expect(store.chunks.slice(1, -1).every((chunk) => chunk.size === 160)).toBe(true);
      expect(counter.pendingKeys).toBe(0);
    });

    it('when the store slows down between flushes, then the next flush holds it at most 10 ms from its first write on', async () => {
      let msEach = 1 / 1024;
      const store = slowStore(() => msEach);
      const counter = counterOn(store);
      search(counter, 1);
      await counter.flush();
      // Cheap marks: chunks as large as allowed.
      expect(Math.max(...store.chunks.map((chunk) => chunk.size))).toBe(2000);
      store.chunks.length = 0;
      msEach = 1 / 16;
      search(counter, 2);
      await counter.flush();
      // A flush starts small whatever the last one learned, then writes 10 ms at the new pace.
      expect(store.chunks[0]!.size).toBe(100);
      expect(store.chunks.slice(1, -1).every((chunk) => chunk.size === 160)).toBe(true);
      expect(store.chunks.every((chunk) => chunk.heldMs <= 10)).toBe(true);
      expect(store.chunks.reduce((sum, chunk) => sum + chunk.size, 0)).toBe(5000);
    });

    it('sizes plain counts the same way', async () => {
      const store = slowStore(() => 1 / 32);
      const counter = counterOn(store);
      counter.count(
        'opened',
        Array.from({ length: 3000 }, (_, i) => `a${i}`),
      );
      await counter.flush();
      expect(store.chunks.reduce((sum, chunk) => sum + chunk.size, 0)).toBe(3000);
      expect(store.chunks.slice(1, -1).every((chunk) => chunk.size === 320)).toBe(true);
      expect(store.chunks.slice(1).every((chunk) => chunk.heldMs <= 10)).toBe(true);
    });
  });
});
