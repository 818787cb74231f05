import { createLogger } from '@agentry/platform/log/logger';
import type { OnceCount } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import type { Services } from './commands/services';
import { purgeOnceKeys } from './maintenance';

// The hourly purge forgets provider analytics' once-a-day keys whose day is over, in batches until
// none is left, and keeps today's.

describe('maintenance: once-a-day analytics keys', () => {
  it('forgets every expired key and tally, batch after batch, and keeps the live ones', async () => {
    const store = openSqliteStore(':memory:');
    const now = Date.parse('2026-11-20T03:00:00Z');
    try {
      const entry = (i: number, expires_at: number): OnceCount => ({
        agent_id: `a${i}`,
        week: '2026-11-16',
        kind: 'appeared',
        key: `k${i}`,
        tally: `t${Math.floor(i / 1000)}`,
        cap: 1000,
        expires_at,
      });
      const expired = Array.from({ length: 4_500 }, (_, i) => entry(i, now - 1));
      const live = Array.from({ length: 10 }, (_, i) => entry(10_000 + i, now + 1));
      for (let start = 0; start < expired.length; start += 1000)
        await store.agentStats.countOnce(expired.slice(start, start + 1000));
      await store.agentStats.countOnce(live);

      const services = {
        store,
        now: () => now,
        logger: createLogger('silent', 'test'),
      } as unknown as Services;
      // 4,500 keys and their 5 tallies.
      expect(await purgeOnceKeys(services)).toBe(4_505);
      expect(await purgeOnceKeys(services)).toBe(0);
      // The live key still counts once: sent again, it moves nothing.
      expect(await store.agentStats.countOnce([live[0]!])).toBe(0);
    } finally {
      await store.close();
    }
  });
});
