import { WRITE_GAP_MS } from '@agentry/platform/concurrency/write-gap';
import { createLogger } from '@agentry/platform/log/logger';
import type { OnceGroup } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import type { Services } from './commands/services';
import { discardLapsedClaims, purgeOnceKeys } from './maintenance';

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

describe('maintenance: batches leave the store to others between them', () => {
  // Another process's write waiting for SQLite's lock polls for it within busy_timeout: batches
  // written back to back left it an instant at most (write-gap.ts, issue 21).
  it.each([
    ['the lapsed claims', discardLapsedClaims, 'agents', 'discardLapsedClaims'],
    ['the once-a-day tallies', purgeOnceKeys, 'agentStats', 'purgeOnce'],
  ] as const)(
    'when %s take several batches, then the next batch waits WRITE_GAP_MS',
    async (_name, task, repository, method) => {
      jest.useFakeTimers();
      try {
        const sizes = [Number.MAX_SAFE_INTEGER, 3];
        let calls = 0;
        const store = {
          [repository]: {
            // A full batch (as many as asked), then a short one: the last.
            [method]: async (_at: Date, limit: number) => Math.min(limit, sizes[calls++]!),
          },
        };
        const services = { store, now: () => Date.now(), logger: createLogger('silent', 'test') };
        const running = task(services as unknown as Services);
        await jest.advanceTimersByTimeAsync(0);
        expect(calls).toBe(1);
        await jest.advanceTimersByTimeAsync(WRITE_GAP_MS - 1);
        expect(calls).toBe(1);
        await jest.advanceTimersByTimeAsync(1);
        expect(calls).toBe(2);
        expect(await running).toBeGreaterThan(3);
      } finally {
        jest.useRealTimers();
      }
    },
  );
});
