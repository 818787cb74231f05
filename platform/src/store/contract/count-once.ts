import type { OnceGroup, Store } from '../port';

// Provider analytics counted once across processes (AgentStatsRepository.countOnce), run by
// describeStoreContract against every adapter: one row per audience's tally of a kind and day; an
// agent counts once per tally whichever call sends it, a tally admits at most its cap, nothing
// invalid is stored, and expired tallies are forgotten on demand.

const WEEK = '2026-11-16';
const END_OF_DAY = Date.parse('2026-11-19T00:00:00Z');

/** A digest as the callers send it: 16 hex characters (here made from a small number). */
const digestOf = (n: number) => n.toString(16).padStart(16, '0');

const group = (over: Partial<OnceGroup> = {}, agents: Array<[string, number]> = [['a1', 1]]): OnceGroup => ({
  tally: 't-visitor',
  kind: 'opened',
  week: WEEK,
  cap: 10,
  expires_at: END_OF_DAY,
  agents: agents.map(([agent_id, n]) => ({ agent_id, digest: digestOf(n) })),
  ...over,
});

async function counts(store: Store, agentId: string) {
  const [row] = await store.agentStats.forAgents([agentId], WEEK);
  return row;
}

export function describeCountOnceContract(store: () => Store): void {
  describe('agent analytics counted once per audience tally', () => {
    it('counts an agent once per tally, in one call or across calls, and adds the counts per agent and kind', async () => {
      expect(
        await store().agentStats.countOnce([
          group({}, [
            ['a1', 1],
            ['a1', 1],
            ['a2', 2],
          ]),
          group({ tally: 't-visitor', kind: 'opened' }, [['a1', 1]]),
          group({ tally: 't-visitor-clicked', kind: 'clicked' }, [['a1', 1]]),
        ]),
      ).toBe(3);
      expect(
        await store().agentStats.countOnce([
          group({}, [
            ['a1', 1],
            ['a2', 2],
          ]),
        ]),
      ).toBe(0);
      // Another audience's tally counts the same agent (the same digest in another row).
      expect(await store().agentStats.countOnce([group({ tally: 't-other' })])).toBe(1);
      expect(await counts(store(), 'a1')).toMatchObject({ opened: 2, clicked: 1, appeared: 0 });
      expect(await counts(store(), 'a2')).toMatchObject({ opened: 1 });
    });

    it('adds to the counts increment() wrote, in the same rows', async () => {
      await store().agentStats.increment([{ agent_id: 'a1', week: WEEK, kind: 'opened', count: 5 }]);
      await store().agentStats.countOnce([group()]);
      expect(await store().agentStats.forAgents(['a1'], WEEK)).toEqual([
        { agent_id: 'a1', week: WEEK, appeared: 0, opened: 6, clicked: 0, compared: 0, contacted: 0 },
      ]);
    });

    it('admits at most a tally’s cap, across calls, and remembers no agent past it', async () => {
      const clicks = (from: number, to: number) =>
        group(
          { kind: 'clicked', cap: 3 },
          Array.from({ length: to - from }, (_, i): [string, number] => [`c${from + i}`, 100 + from + i]),
        );
      expect(await store().agentStats.countOnce([clicks(0, 2)])).toBe(2);
      expect(await store().agentStats.countOnce([clicks(2, 5)])).toBe(1);
      expect(await store().agentStats.countOnce([clicks(5, 7)])).toBe(0);
      // c3 was past the cap, so it was not remembered: still not counted (the cap holds), not "seen".
      expect(await store().agentStats.countOnce([clicks(3, 4)])).toBe(0);
      const rows = await store().agentStats.forAgents(
        Array.from({ length: 7 }, (_, i) => `c${i}`),
        WEEK,
      );
      expect(rows.map((row) => row.agent_id)).toEqual(['c0', 'c1', 'c2']);
      // A tally of its own (another audience, kind or day) starts from nothing.
      expect(
        await store().agentStats.countOnce([
          group({ tally: 't-next-day', kind: 'clicked', cap: 3 }, [['c9', 109]]),
        ]),
      ).toBe(1);
    });

    it('keeps every digest of a busy audience: 1,000 agents over 50 calls, each counted once', async () => {
      const page = (call: number) =>
        group(
          { kind: 'appeared', cap: 1000 },
          Array.from({ length: 20 }, (_, i): [string, number] => [
            `p${call * 20 + i}`,
            0x1000 + call * 20 + i,
          ]),
        );
      let counted = 0;
      for (let call = 0; call < 50; call++) counted += await store().agentStats.countOnce([page(call)]);
      expect(counted).toBe(1000);
      // Each page again, in another order of calls: nothing more.
      let again = 0;
      for (let call = 49; call >= 0; call -= 7) again += await store().agentStats.countOnce([page(call)]);
      expect(again).toBe(0);
      expect(await counts(store(), 'p0')).toMatchObject({ appeared: 1 });
      expect(await counts(store(), 'p999')).toMatchObject({ appeared: 1 });
    });

    it('tells digests apart only at their own boundary (bytes of two neighbours are not a third)', async () => {
      // 00..0001 then 0100..00: the 8 bytes starting at the middle of the pair read 0000 0001 0100 0000.
      const first = '0000000000000001';
      const second = '0100000000000000';
      const straddling = '0000000101000000';
      expect(
        await store().agentStats.countOnce([
          {
            ...group(),
            agents: [
              { agent_id: 'a1', digest: first },
              { agent_id: 'a2', digest: second },
            ],
          },
        ]),
      ).toBe(2);
      expect(
        await store().agentStats.countOnce([
          { ...group(), agents: [{ agent_id: 'a3', digest: straddling }] },
        ]),
      ).toBe(1);
    });

    it('admits like countOnce but leaves the counting to the caller: answers the counts, writes none', async () => {
      const admitted = await store().agentStats.admitOnce([
        group({}, [
          ['a1', 1],
          ['a2', 2],
          ['a1', 1],
        ]),
        group({ tally: 't-other' }, [['a1', 1]]),
      ]);
      expect([...admitted].sort((x, y) => (x.agent_id < y.agent_id ? -1 : 1))).toEqual([
        { agent_id: 'a1', week: WEEK, kind: 'opened', count: 2 },
        { agent_id: 'a2', week: WEEK, kind: 'opened', count: 1 },
      ]);
      expect(await store().agentStats.forAgents(['a1', 'a2'], WEEK)).toEqual([]);
      // The tallies remember them: neither call counts them again.
      expect(await store().agentStats.admitOnce([group({}, [['a2', 2]])])).toEqual([]);
      expect(await store().agentStats.countOnce([group({ tally: 't-other' }, [['a1', 1]])])).toBe(0);
      expect(await store().agentStats.admitOnce([])).toEqual([]);
    });

    it('counts an agent once when two calls send it for the same tally at the same time', async () => {
      const both = await Promise.all([
        store().agentStats.countOnce([group({}, [['a1', 7]])]),
        store().agentStats.countOnce([group({}, [['a1', 7]])]),
      ]);
      expect(both.sort()).toEqual([0, 1]);
      expect(await counts(store(), 'a1')).toMatchObject({ opened: 1 });
    });

    it('refuses groups no caller sends, storing none of the call', async () => {
      const fine = group({ tally: 't-fine' }, [['fine', 5]]);
      for (const bad of [
        group({ tally: '' }),
        group({ tally: 'x'.repeat(65) }),
        group({ cap: 0 }),
        group({ cap: 1.5 }),
        group({ expires_at: Number.NaN }),
        group({ kind: 'bought' as OnceGroup['kind'] }),
        { ...group(), agents: [{ agent_id: 'a1', digest: 'short' }] },
        { ...group(), agents: [{ agent_id: 'a1', digest: 'ABCDEF0123456789' }] },
      ]) {
        await expect(store().agentStats.countOnce([fine, bad])).rejects.toThrow(RangeError);
      }
      expect(await store().agentStats.forAgents(['fine', 'a1'], WEEK)).toEqual([]);
      expect(await store().agentStats.countOnce([])).toBe(0);
      expect(await store().agentStats.countOnce([group({}, [])])).toBe(0);
    });

    it('forgets tallies once they expire, a batch at a time', async () => {
      await store().agentStats.countOnce([
        group({ tally: 'old-1', expires_at: END_OF_DAY - 1000 }),
        group({ tally: 'old-2', expires_at: END_OF_DAY - 1000 }, [['a2', 2]]),
        group({ tally: 'old-3', expires_at: END_OF_DAY - 1000 }),
        group({ tally: 'new-1' }),
      ]);
      const now = new Date(END_OF_DAY - 1);
      // old-1..3 expired; new-1 did not.
      expect(await store().agentStats.purgeOnce(now, 2)).toBe(2);
      expect(await store().agentStats.purgeOnce(now, 2)).toBe(1);
      expect(await store().agentStats.purgeOnce(now, 2)).toBe(0);
      expect(await store().agentStats.purgeOnce(now, 0)).toBe(0);
      // Forgotten, the old tally counts again; the kept one still does not.
      expect(await store().agentStats.countOnce([group({ tally: 'old-1' }), group({ tally: 'new-1' })])).toBe(
        1,
      );
    });
  });
}
