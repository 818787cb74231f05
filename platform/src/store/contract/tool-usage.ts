import type { Store } from '../port';

// The MCP usage counts' part of the store contract, run by describeStoreContract against every
// adapter: batched additions per tool and ISO week, read back from a week on.

export function describeToolUsageContract(store: () => Store): void {
  describe('MCP tool usage counts', () => {
    it('adds batched counts per tool and week, and reads them from a week on, by week then tool', async () => {
      await store().toolUsage.increment([
        { week: '2026-W47', tool: 'search_agents', calls: 5 },
        { week: '2026-W47', tool: 'get_agent', calls: 2 },
        { week: '2026-W46', tool: 'search_agents', calls: 1 },
        { week: '2025-W52', tool: 'list_roles', calls: 4 },
      ]);
      await store().toolUsage.increment([{ week: '2026-W47', tool: 'search_agents', calls: 3 }]);
      await store().toolUsage.increment([]);
      expect(await store().toolUsage.since('2026-W46')).toEqual([
        { week: '2026-W46', tool: 'search_agents', calls: 1 },
        { week: '2026-W47', tool: 'get_agent', calls: 2 },
        { week: '2026-W47', tool: 'search_agents', calls: 8 },
      ]);
      // ISO week names sort as text across a year's end.
      expect(await store().toolUsage.since('2025-W50')).toHaveLength(4);
      expect(await store().toolUsage.since('2027-W01')).toEqual([]);
    });
  });
}
