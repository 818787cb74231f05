import { createLogger } from '@agentry/platform/log/logger';
import type { OnceGroup } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import type { Services } from './commands/services';
import { purgeOnceKeys } from './maintenance';

// The hourly purge forgets provider analytics' once-a-day tallies whose day is over, in batches
// until none is left, and keeps today's.

describe('maintenance: once-a-day analytics keys', () => {
  it('forgets every expired tally, batch after batch, and keeps the live ones', async () => {
    const store = openSqliteStore(':memory:');
    const now = Date.parse('2026-11-20T03:00:00Z');
    try {
      const group = (tally: string, expires_at: number, agents = 2): OnceGroup => ({
        tally,
        kind: 'appeared',
        week: '2026-11-16',
        cap: 1000,
        expires_at,
        agents: Array.from({ length: agents }, (_, i) => ({
          agent_id: `a${i}`,
          digest: i.toString(16).padStart(16, '0'),
        })),
      });
      const expired = Array.from({ length: 4_500 }, (_, i) => group(`old-${i}`, now - 1));
      const live = Array.from({ length: 10 }, (_, i) => group(`live-${i}`, now + 1));
      for (let start = 0; start < expired.length; start += 1000)
        await store.agentStats.countOnce(expired.slice(start, start + 1000));
      await store.agentStats.countOnce(live);

      const services = {
        store,
        now: () => now,
        logger: createLogger('silent', 'test'),
      } as unknown as Services;
      // 4,500 audiences' tallies, more than one batch.
      expect(await purgeOnceKeys(services)).toBe(4_500);
      expect(await purgeOnceKeys(services)).toBe(0);
      // A live tally still counts once: sent again, it moves nothing.
      expect(await store.agentStats.countOnce([live[0]!])).toBe(0);
    } finally {
      await store.close();
    }
  });
});
