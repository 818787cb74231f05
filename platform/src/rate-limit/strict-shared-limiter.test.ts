import { RateLimitStoreHealth } from './store-health';
import { StrictSharedLimiter } from './strict-shared-limiter';
import { failingRateLimits, recordingLogger, silentRateLimits, sqliteRateLimits } from './testing';

describe('StrictSharedLimiter', () => {
  let clock = 1_700_000_000_000;
  const now = () => clock;

  it('When two processes count one client, then the limit holds for both together', async () => {
    const shared = sqliteRateLimits(now);
    const { logger } = recordingLogger();
    const process = () =>
      new StrictSharedLimiter({
        name: 'login',
        limit: 3,
        windowMs: 900_000,
        store: shared.store,
        health: new RateLimitStoreHealth(logger, 1_000, now),
        now,
      });
    const [a, b] = [process(), process()];
    expect((await a.hit('10.0.0.1')).remaining).toBe(2);
    expect((await b.hit('10.0.0.1')).remaining).toBe(1);
    clock += 30_000;
    expect(await a.hit('10.0.0.1')).toEqual({ remaining: 0, resetSeconds: 870 });
    expect(await b.hit('10.0.0.1')).toEqual({ remaining: -1, resetSeconds: 870 });
    expect((await b.hit('10.0.0.2')).remaining).toBe(2);
    shared.close();
  });

  it('When a hit weighs several, then the store counts its whole weight for every process', async () => {
    const shared = sqliteRateLimits(now);
    const health = new RateLimitStoreHealth(recordingLogger().logger, 1_000, now);
    const options = { name: 'signups', limit: 10, windowMs: 3_600_000, store: shared.store, health, now };
    const [a, b] = [new StrictSharedLimiter(options), new StrictSharedLimiter(options)];
    expect((await a.hit('10.0.0.4', 7)).remaining).toBe(3);
    expect((await b.hit('10.0.0.4', 3)).remaining).toBe(0);
    expect((await a.hit('10.0.0.4')).remaining).toBe(-1);
    shared.close();
  });

  it('When a hit is refunded on one process, then the other sees it given back', async () => {
    const shared = sqliteRateLimits(now);
    const health = new RateLimitStoreHealth(recordingLogger().logger, 1_000, now);
    const options = { name: 'login', limit: 2, windowMs: 900_000, store: shared.store, health, now };
    const [a, b] = [new StrictSharedLimiter(options), new StrictSharedLimiter(options)];
    await a.hit('ada');
    a.refund('ada');
    await new Promise((resolve) => setImmediate(resolve));
    expect((await b.hit('ada')).remaining).toBe(1);
    shared.close();
  });

  it('When the store fails, then it counts in this process, logs once, and logs the recovery', async () => {
    const { logger, lines } = recordingLogger();
    const health = new RateLimitStoreHealth(logger, 1_000, now);
    const limiter = new StrictSharedLimiter({
      name: 'signups',
      limit: 2,
      windowMs: 3_600_000,
      store: failingRateLimits(),
      health,
      now,
    });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await limiter.hit('10.0.0.9')).remaining);
    expect(answers).toEqual([1, 0, -1]);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      limiter: 'signups',
      msg: 'rate-limit store failed: each API process counts alone until it answers',
      err: { message: 'SQLITE_IOERR: disk I/O error' },
    });
    expect(health.failing).toBe(true);

    await health.call('signups', async () => 'answered');
    expect(health.failing).toBe(false);
    expect(lines.at(-1)).toMatchObject({ msg: 'rate-limit store answers again', level: 30 });
  });

  it('When the store does not answer in time, then the local count answers at the deadline', async () => {
    // Fake timers: the deadline is the limiter's own timer, moved by the test, so the answer is
    // seen to come at 50 ms and not before, whatever the machine (it was a stopwatch under 1 s).
    jest.useFakeTimers();
    try {
      const health = new RateLimitStoreHealth(recordingLogger().logger, 50, now);
      const limiter = new StrictSharedLimiter({
        name: 'login',
        limit: 1,
        windowMs: 900_000,
        store: silentRateLimits(),
        health,
        now,
      });
      const answerAtDeadline = async () => {
        let remaining: number | undefined;
        void limiter.hit('10.0.0.3').then((answer) => {
          remaining = answer.remaining;
        });
        await jest.advanceTimersByTimeAsync(49);
        expect(remaining).toBeUndefined();
        // Not awaited: a limiter that waited longer would leave it unanswered, and fail here.
        await jest.advanceTimersByTimeAsync(1);
        return remaining;
      };
      expect(await answerAtDeadline()).toBe(0);
      expect(await answerAtDeadline()).toBe(-1);
    } finally {
      jest.useRealTimers();
    }
  });
});
