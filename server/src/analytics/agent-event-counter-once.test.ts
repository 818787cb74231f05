import { createLogger } from '@agentry/platform/log/logger';
import { decideOnceCounts, type SeenRow } from '@agentry/platform/store/count-once';
import type { AgentStatsRepository, OnceGroup } from '@agentry/platform/store/port';
import { AgentEventCounter, FLUSH_EVERY_MS } from './agent-event-counter';

// countFor's tests, apart from agent-event-counter.test.ts (plain counts and flushes) to keep each file readable.

type Entries = Parameters<AgentStatsRepository['increment']>[0];

/** The store's side of admitOnce and increment in memory (the same decision as both adapters), shared by counters. */
function onceStore() {
  const rows = new Map<string, SeenRow>();
  const counted: Entries = [];
  const sent: OnceGroup[][] = [];
  let failing = false;
  return {
    counted,
    sent,
    rows,
    fail(down: boolean) {
      failing = down;
    },
    async admitOnce(groups: OnceGroup[]) {
      if (failing) throw new Error('store down');
      sent.push(groups);
      const writes = decideOnceCounts(groups, rows);
      for (const { tally, n, digests, expires_at } of writes.rows)
        rows.set(tally, { n, digests, expires_at });
      return writes.increments;
    },
    async increment(entries: Entries) {
      if (failing) throw new Error('store down');
      counted.push(...entries);
    },
  };
}

const MONDAY = Date.parse('2026-11-16T00:00:00Z');
const HOUR = 60 * 60 * 1000;

describe('AgentEventCounter.countFor: once per audience, agent, kind and day, across processes', () => {
  const SECRET = 'a session secret every API process shares, 32+ chars';
  const counterOn = (
    store: ReturnType<typeof onceStore>,
    clock: () => number,
    options: { sessionSecret?: string; caps?: { clicked?: number } } = {},
  ) =>
    new AgentEventCounter({
      repository: store,
      logger: createLogger('silent', 'test'),
      now: clock,
      sessionSecret: 'sessionSecret' in options ? options.sessionSecret : SECRET,
      audiences: { caps: options.caps },
    });
  const total = (store: ReturnType<typeof onceStore>, agentId: string, kind: string) =>
    store.counted
      .filter((entry) => entry.agent_id === agentId && entry.kind === kind)
      .reduce((sum, entry) => sum + entry.count, 0);

  it('when two processes count the same audience, agent and kind on one day, then the store counts it once', async () => {
    const store = onceStore();
    const clock = () => MONDAY + 10 * HOUR;
    const [first, second] = [counterOn(store, clock), counterOn(store, clock)];
    first.countFor('ip:203.0.113.7', 'opened', ['a1', 'a2']);
    second.countFor('ip:203.0.113.7', 'opened', ['a1']);
    second.countFor('ip:203.0.113.8', 'opened', ['a1']);
    await first.flush();
    await second.flush();
    expect(total(store, 'a1', 'opened')).toBe(2);
    expect(total(store, 'a2', 'opened')).toBe(1);
  });

  it('when the processes do not share the secret, then each names the count its own way (why the secret is shared)', async () => {
    const store = onceStore();
    const clock = () => MONDAY + 10 * HOUR;
    const first = counterOn(store, clock, { sessionSecret: undefined });
    const second = counterOn(store, clock, { sessionSecret: undefined });
    first.countFor('ip:203.0.113.7', 'opened', ['a1']);
    second.countFor('ip:203.0.113.7', 'opened', ['a1']);
    await first.flush();
    await second.flush();
    expect(total(store, 'a1', 'opened')).toBe(2);
  });

  it("keeps an audience's daily cap across processes, and counts it again the next day", async () => {
    const store = onceStore();
    let now = MONDAY + 10 * HOUR;
    const counters = [0, 1].map(() => counterOn(store, () => now, { caps: { clicked: 3 } }));
    for (const [index, counter] of counters.entries())
      counter.countFor('user:42', 'clicked', [`x${index}`, `y${index}`, `z${index}`]);
    for (const counter of counters) await counter.flush();
    expect(store.counted.filter((entry) => entry.kind === 'clicked')).toHaveLength(3);
    now += 24 * HOUR;
    counters[1]!.countFor('user:42', 'clicked', ['x0']);
    await counters[1]!.flush();
    expect(total(store, 'x0', 'clicked')).toBe(2);
  });

  it('sends keyed hashes only: no address, account or agent id in a tally or digest', async () => {
    const store = onceStore();
    const counter = counterOn(store, () => MONDAY + 10 * HOUR);
    counter.countFor('ip:203.0.113.7', 'compared', ['agent-77']);
    await counter.flush();
    const [group] = store.sent.flat();
    expect(group).toMatchObject({ kind: 'compared', week: '2026-11-16', cap: 200 });
    expect(group!.agents).toEqual([
      { agent_id: 'agent-77', digest: expect.stringMatching(/^[0-9a-f]{16}$/) },
    ]);
    expect(group!.tally).toMatch(/^[\w-]{22}$/);
    for (const name of [group!.tally, group!.agents[0]!.digest])
      expect(name).not.toMatch(/203|agent|77|compared/);
    // Forgettable after the next day, when no process can ask about it any more.
    expect(group!.expires_at).toBe(Date.parse('2026-11-18T00:00:00Z'));
  });

  it("sends one group per request, named by its audience's tally, one digest per agent", async () => {
    const store = onceStore();
    const counter = counterOn(store, () => MONDAY + 10 * HOUR);
    counter.countFor('ip:203.0.113.7', 'appeared', ['a1', 'a2', 'a3']);
    counter.countFor('ip:203.0.113.7', 'appeared', ['a4']);
    counter.countFor('ip:203.0.113.8', 'appeared', ['a1']);
    await counter.flush();
    const groups = store.sent.flat();
    expect(groups.map((group) => group.agents.map((agent) => agent.agent_id))).toEqual([
      ['a1', 'a2', 'a3'],
      ['a4'],
      ['a1'],
    ]);
    // One audience's requests share its tally (one row in the store); another's differs.
    expect(groups[1]!.tally).toBe(groups[0]!.tally);
    expect(groups[2]!.tally).not.toBe(groups[0]!.tally);
    const digests = groups.flatMap((group) => group.agents.map((agent) => agent.digest));
    expect(new Set(digests).size).toBe(5);
    expect(total(store, 'a1', 'appeared')).toBe(2);
  });

  it("writes a flush's counts after its tallies, in agent order, whatever order the visitors came in", async () => {
    const store = onceStore();
    const calls: string[] = [];
    const counter = new AgentEventCounter({
      repository: {
        admitOnce: async (groups) => {
          calls.push('admit');
          return store.admitOnce(groups);
        },
        increment: async (entries) => {
          calls.push('increment');
          return store.increment(entries);
        },
      },
      logger: createLogger('silent', 'test'),
      now: () => MONDAY + 10 * HOUR,
      sessionSecret: SECRET,
    });
    counter.countFor('ip:203.0.113.7', 'appeared', ['a9', 'a3', 'a7']);
    counter.countFor('ip:203.0.113.8', 'appeared', ['a5', 'a1']);
    counter.count('opened', ['a4']);
    await counter.flush();
    expect(calls).toEqual(['admit', 'increment']);
    expect(store.counted.map((entry) => entry.agent_id)).toEqual(['a1', 'a3', 'a4', 'a5', 'a7', 'a9']);
  });

  it('when a process dies without stopping, then at most what it counted since its last flush is lost', async () => {
    jest.useFakeTimers({ now: MONDAY + 10 * HOUR });
    try {
      const store = onceStore();
      const counter = counterOn(store, Date.now);
      counter.start();
      counter.countFor('ip:203.0.113.7', 'opened', ['a1']);
      await jest.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
      counter.countFor('ip:203.0.113.7', 'opened', ['a2']);
      // The process is killed here: no stop(), no further flush.
      expect(total(store, 'a1', 'opened')).toBe(1);
      expect(total(store, 'a2', 'opened')).toBe(0);
      expect(counter.pendingKeys).toBe(1);
      // A graceful stop would have written it (as 'when stopped' above shows for plain counts).
      await counter.stop();
      expect(total(store, 'a2', 'opened')).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when the store fails, then the waiting counts are kept, shown as pending, and counted once later', async () => {
    const store = onceStore();
    const counter = counterOn(store, () => MONDAY + 10 * HOUR);
    store.fail(true);
    counter.countFor('ip:203.0.113.9', 'appeared', ['a1', 'a2']);
    await counter.flush();
    expect(counter.pendingKeys).toBe(2);
    expect(counter.pendingFor(['a1'], '2026-11-16')).toEqual([
      { agent_id: 'a1', week: '2026-11-16', appeared: 1, opened: 0, clicked: 0, compared: 0, contacted: 0 },
    ]);
    store.fail(false);
    await counter.flush();
    await counter.flush();
    expect(counter.pendingKeys).toBe(0);
    expect(total(store, 'a1', 'appeared')).toBe(1);
    expect(total(store, 'a2', 'appeared')).toBe(1);
  });
});
