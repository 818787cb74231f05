import { createMemoryRateLimits } from './memory-rate-limits';
import { delayAfterAttempt, ProgressiveDelay, type ProgressiveDelayOptions } from './progressive-delay';
import { RateLimitStoreHealth } from './store-health';
import { failingRateLimits, recordingLogger, sqliteRateLimits } from './testing';

// Every test moves an injected clock: no wall-clock waiting, no timing asserted.

const SECOND = 1_000;
const HOUR = 3_600_000;
const PRODUCTION = { freeAttempts: 10, baseDelayMs: SECOND, maxDelayMs: 300 * SECOND, windowMs: 24 * HOUR };

describe('ProgressiveDelay', () => {
  let clock: number;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_700_000_000_000;
  });
  const delayOn = (options: Partial<ProgressiveDelayOptions> = {}) =>
    new ProgressiveDelay({
      name: 'sign-in',
      ...PRODUCTION,
      freeAttempts: 3,
      store: createMemoryRateLimits(now),
      now,
      ...options,
    });

  it('lets the free attempts through at once, then spaces the next ones by a doubling delay', async () => {
    const delay = delayOn();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt });
    }
    // The first attempt past the free ones still goes through: nobody came in the last second.
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 4 });
    expect(await delay.acquire('grace')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock += SECOND;
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 5 });
    clock += SECOND;
    expect(await delay.acquire('grace')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock += SECOND;
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 6 });
    expect(await delay.acquire('grace')).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('keeps accounts apart', async () => {
    const delay = delayOn({ freeAttempts: 1 });
    await delay.acquire('grace');
    await delay.acquire('grace');
    expect((await delay.acquire('grace')).allowed).toBe(false);
    expect(await delay.acquire('ada')).toEqual({ allowed: true, attempt: 1 });
  });

  it('does not lengthen the delay for attempts it refused', async () => {
    const delay = delayOn({ freeAttempts: 0 });
    expect((await delay.acquire('grace')).allowed).toBe(true);
    for (let refused = 0; refused < 20; refused++) expect((await delay.acquire('grace')).allowed).toBe(false);
    clock += SECOND;
    // Attempt 2 (not 22): its delay is 2 s, not 2^21 s.
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 2 });
    expect(await delay.acquire('grace')).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it('never asks for more than the cap', async () => {
    const delay = delayOn({ freeAttempts: 0, maxDelayMs: 5 * SECOND });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt });
      clock += 5 * SECOND;
    }
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 11 });
    expect(await delay.acquire('grace')).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });

  it('gives the window back after a success, and starts afresh when the window ends', async () => {
    const delay = delayOn();
    for (let attempt = 1; attempt <= 4; attempt++) await delay.acquire('grace');
    delay.succeeded('grace', 4);
    await Promise.resolve();
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 1 });
    for (let attempt = 2; attempt <= 4; attempt++) await delay.acquire('grace');
    expect((await delay.acquire('grace')).allowed).toBe(false);
    clock += PRODUCTION.windowMs;
    expect(await delay.acquire('grace')).toEqual({ allowed: true, attempt: 1 });
  });

  it('lets a guesser with any number of addresses make at most 30 attempts in the first hour and 12 an hour after (the production setting)', async () => {
    const delay = delayOn({ ...PRODUCTION });
    const allowedIn = async (ms: number) => {
      let allowed = 0;
      // An attempt every second, each from a new address: only the account's throttle applies.
      for (const end = clock + ms; clock < end; clock += SECOND)
        if ((await delay.acquire('root')).allowed) allowed++;
      return allowed;
    };
    expect(await allowedIn(HOUR)).toBe(30);
    expect(await allowedIn(HOUR)).toBe(12);
  });

  it('holds across processes sharing the store, also for attempts racing for one slot', async () => {
    const shared = sqliteRateLimits(now);
    const health = new RateLimitStoreHealth(recordingLogger().logger, 1_000, now);
    const [a, b] = [0, 1].map(() => delayOn({ freeAttempts: 2, store: shared.store, health }));
    expect((await a!.acquire('root')).allowed).toBe(true);
    expect((await b!.acquire('root')).allowed).toBe(true);
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).acquire('root')));
    expect(racing.filter((answer) => answer.allowed)).toHaveLength(1);
    shared.close();
  });

  it('counts in this process while the shared store fails, never throwing', async () => {
    const { logger, lines } = recordingLogger();
    const delay = delayOn({
      freeAttempts: 1,
      store: failingRateLimits(),
      health: new RateLimitStoreHealth(logger, 1_000, now),
    });
    expect((await delay.acquire('root')).allowed).toBe(true);
    expect((await delay.acquire('root')).allowed).toBe(true);
    expect((await delay.acquire('root')).allowed).toBe(false);
    expect(lines.some((line) => line.msg.startsWith('rate-limit store failed'))).toBe(true);
  });
});

describe('delayAfterAttempt', () => {
  it('is nothing for the free attempts, then doubles from the base up to the cap', () => {
    const delays = [10, 11, 12, 13, 19, 20, 21, 500].map((attempt) => delayAfterAttempt(attempt, PRODUCTION));
    expect(delays).toEqual([0, 1_000, 2_000, 4_000, 256_000, 300_000, 300_000, 300_000]);
  });
});
