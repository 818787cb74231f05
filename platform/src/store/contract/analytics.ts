import type { Store } from '../port';

// Provider analytics' part of the store contract: counts per agent and week, run by
// describeStoreContract against every adapter (counted once: count-once.ts).

export function describeAnalyticsContract(store: () => Store): void {
  describe('agent analytics counts', () => {
    it('adds batched counts per agent, week and kind, and reads them from a week on', async () => {
      await store().agentStats.increment([
        { agent_id: 'a1', week: '2026-11-16', kind: 'appeared', count: 5 },
        { agent_id: 'a1', week: '2026-11-16', kind: 'opened', count: 2 },
        { agent_id: 'a1', week: '2026-11-09', kind: 'appeared', count: 1 },
        { agent_id: 'a2', week: '2026-11-16', kind: 'clicked', count: 1 },
      ]);
      await store().agentStats.increment([
        { agent_id: 'a1', week: '2026-11-16', kind: 'appeared', count: 3 },
      ]);
      const counts = await store().agentStats.forAgents(['a1', 'a2', 'a3'], '2026-11-16');
      expect(counts).toEqual([
        { agent_id: 'a1', week: '2026-11-16', appeared: 8, opened: 2, clicked: 0, compared: 0, contacted: 0 },
        { agent_id: 'a2', week: '2026-11-16', appeared: 0, opened: 0, clicked: 1, compared: 0, contacted: 0 },
      ]);
      expect(await store().agentStats.forAgents([], '2026-01-01')).toEqual([]);
    });

    it("answers a week's most compared and most viewed agents, most first, ties by id", async () => {
      await store().agentStats.increment([
        { agent_id: 'a1', week: '2026-11-16', kind: 'compared', count: 3 },
        { agent_id: 'a2', week: '2026-11-16', kind: 'compared', count: 7 },
        { agent_id: 'a3', week: '2026-11-16', kind: 'compared', count: 3 },
        { agent_id: 'a4', week: '2026-11-16', kind: 'opened', count: 9 },
        { agent_id: 'a5', week: '2026-11-09', kind: 'compared', count: 50 },
      ]);
      expect(await store().agentStats.top('2026-11-16', 'compared', 10)).toEqual([
        { agent_id: 'a2', count: 7 },
        { agent_id: 'a1', count: 3 },
        { agent_id: 'a3', count: 3 },
      ]);
      expect(await store().agentStats.top('2026-11-16', 'compared', 1)).toEqual([
        { agent_id: 'a2', count: 7 },
      ]);
      expect(await store().agentStats.top('2026-11-16', 'opened', 10)).toEqual([
        { agent_id: 'a4', count: 9 },
      ]);
    });
  });
}
