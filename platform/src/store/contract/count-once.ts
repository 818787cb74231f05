import type { OnceCount, Store } from '../port';

// Provider analytics counted once across processes (AgentStatsRepository.countOnce), run by
// describeStoreContract against every adapter: a key counts once whichever call sends it, a tally
// admits at most its cap, nothing invalid is stored, and expired keys are forgotten on demand.

const WEEK = '2026-11-16';
const END_OF_DAY = Date.parse('2026-11-19T00:00:00Z');

const entry = (over: Partial<OnceCount> = {}): OnceCount => ({
  agent_id: 'a1',
  week: WEEK,
  kind: 'opened',
  key: 'k-a1',
  tally: 't-visitor',
  cap: 10,
  expires_at: END_OF_DAY,
  ...over,
});

async function counts(store: Store, agentId: string) {
  const [row] = await store.agentStats.forAgents([agentId], WEEK);
  return row;
}

export function describeCountOnceContract(store: () => Store): void {
  describe('agent analytics counted once per key', () => {
    it('counts a key once, in one call or across calls, and adds the counts per agent and kind', async () => {
      expect(
        await store().agentStats.countOnce([
          entry(),
          entry(),
          entry({ key: 'k-a2', agent_id: 'a2' }),
          entry({ key: 'k-a1-clicked', kind: 'clicked', tally: 't-visitor-clicked' }),
        ]),
      ).toBe(3);
      expect(await store().agentStats.countOnce([entry(), entry({ key: 'k-a2', agent_id: 'a2' })])).toBe(0);
      // Another audience's key for the same agent counts.
      expect(await store().agentStats.countOnce([entry({ key: 'k-a1-other', tally: 't-other' })])).toBe(1);
      expect(await counts(store(), 'a1')).toMatchObject({ opened: 2, clicked: 1, appeared: 0 });
      expect(await counts(store(), 'a2')).toMatchObject({ opened: 1 });
    });

    it('adds to the counts increment() wrote, in the same rows', async () => {
      await store().agentStats.increment([{ agent_id: 'a1', week: WEEK, kind: 'opened', count: 5 }]);
      await store().agentStats.countOnce([entry()]);
      expect(await store().agentStats.forAgents(['a1'], WEEK)).toEqual([
        { agent_id: 'a1', week: WEEK, appeared: 0, opened: 6, clicked: 0, compared: 0, contacted: 0 },
      ]);
    });

    it('admits at most a tally’s cap, across calls, and remembers no key past it', async () => {
      const clicks = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) =>
          entry({ agent_id: `c${from + i}`, key: `k-c${from + i}`, kind: 'clicked', cap: 3 }),
        );
      expect(await store().agentStats.countOnce(clicks(0, 2))).toBe(2);
      expect(await store().agentStats.countOnce(clicks(2, 5))).toBe(1);
      expect(await store().agentStats.countOnce(clicks(5, 7))).toBe(0);
      const rows = await store().agentStats.forAgents(
        Array.from({ length: 7 }, (_, i) => `c${i}`),
        WEEK,
      );
      expect(rows.map((row) => row.agent_id)).toEqual(['c0', 'c1', 'c2']);
      // A tally of its own (another audience, kind or day) starts from nothing.
      expect(await store().agentStats.countOnce([entry({ key: 'k-c9', tally: 't-next-day', cap: 3 })])).toBe(
        1,
      );
    });

    it('counts a key once when two calls send it at the same time', async () => {
      const both = await Promise.all([
        store().agentStats.countOnce([entry({ key: 'k-race' })]),
        store().agentStats.countOnce([entry({ key: 'k-race' })]),
      ]);
      expect(both.sort()).toEqual([0, 1]);
      expect(await counts(store(), 'a1')).toMatchObject({ opened: 1 });
    });

    it('refuses entries no caller sends, storing none of the call', async () => {
      for (const bad of [
        entry({ key: '' }),
        entry({ tally: 'x'.repeat(65) }),
        entry({ tally: 'k-a1' }),
        entry({ cap: 0 }),
        entry({ cap: 1.5 }),
        entry({ expires_at: Number.NaN }),
        entry({ kind: 'bought' as OnceCount['kind'] }),
      ]) {
        await expect(
          store().agentStats.countOnce([entry({ key: 'k-fine', agent_id: 'fine' }), bad]),
        ).rejects.toThrow(RangeError);
      }
      expect(await store().agentStats.forAgents(['fine', 'a1'], WEEK)).toEqual([]);
      expect(await store().agentStats.countOnce([])).toBe(0);
    });

    it('forgets keys and tallies once they expire, a batch at a time', async () => {
      await store().agentStats.countOnce([
        entry({ key: 'old-1', tally: 'old-t', expires_at: END_OF_DAY - 1000 }),
        entry({ key: 'old-2', agent_id: 'a2', tally: 'old-t', expires_at: END_OF_DAY - 1000 }),
        entry({ key: 'new-1', tally: 'new-t' }),
      ]);
      const now = new Date(END_OF_DAY - 1);
      // old-1, old-2 and their tally old-t expired; new-1 and new-t did not.
      expect(await store().agentStats.purgeOnce(now, 2)).toBe(2);
      expect(await store().agentStats.purgeOnce(now, 2)).toBe(1);
      expect(await store().agentStats.purgeOnce(now, 2)).toBe(0);
      expect(await store().agentStats.purgeOnce(now, 0)).toBe(0);
      // Forgotten, the old key counts again; the kept one still does not.
      expect(
        await store().agentStats.countOnce([
          entry({ key: 'old-1', tally: 'old-t' }),
          entry({ key: 'new-1', tally: 'new-t' }),
        ]),
      ).toBe(1);
    });
  });
}
