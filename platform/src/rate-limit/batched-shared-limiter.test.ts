import { BatchedSharedLimiter } from './batched-shared-limiter';
import type { HitAnswer } from './limiter';
import { RateLimitStoreHealth } from './store-health';
import { storeKeyOf } from './store-key';
import { failingRateLimits, recordingLogger, sqliteRateLimits } from './testing';

describe('BatchedSharedLimiter', () => {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  const health = () => new RateLimitStoreHealth(recordingLogger().logger, 1_000, now);

  /** Two API processes sharing one store; batches only when the test flushes (syncMs of a minute). */
  function twoProcesses(limit: number, syncMs = 60_000) {
    const shared = sqliteRateLimits(now);
    const options = { name: 'writes', limit, windowMs: 60_000, store: shared.store, syncMs, now };
    return {
      a: new BatchedSharedLimiter({ ...options, health: health() }),
      b: new BatchedSharedLimiter({ ...options, health: health() }),
      shared,
    };
  }
  const remaining = async (answer: HitAnswer | Promise<HitAnswer>) => (await answer).remaining;

  it('When one process counts alone, then it is exact, and only the first hit waits for the store', async () => {
    const { a, shared } = twoProcesses(3);
    const first = a.hit('10.0.0.1');
    expect(first).toBeInstanceOf(Promise);
    await first;
    const later = [a.hit('10.0.0.1'), a.hit('10.0.0.1'), a.hit('10.0.0.1')];
    expect(later.some((answer) => answer instanceof Promise)).toBe(false);
    expect([await remaining(first), ...later.map((answer) => (answer as HitAnswer).remaining)]).toEqual([
      2, 1, 0, -1,
    ]);
    shared.close();
  });

  it('When a process meets a client for the first time, then it asks the store what the others counted', async () => {
    const { a, b, shared } = twoProcesses(5);
    for (let i = 0; i < 3; i++) await a.hit('10.0.0.2');
    await a.flush();
    expect(await b.hit('10.0.0.2')).toEqual({ remaining: 1, resetSeconds: 60 });
    shared.close();
  });

  it('When the processes have exchanged counts, then each decides on the total of both', async () => {
    const { a, b, shared } = twoProcesses(5);
    await a.hit('10.0.0.3');
    await b.hit('10.0.0.3');
    await a.hit('10.0.0.3');
    await a.hit('10.0.0.3');
    // b knows a's first (its own first asked the store) but not the two a has not sent yet.
    expect(await remaining(b.hit('10.0.0.3'))).toBe(2);
    await a.flush();
    await b.flush();
    expect(await remaining(b.hit('10.0.0.3'))).toBe(-1);
    shared.close();
  });

  it('When a client bursts across two processes between batches, then the overshoot stays within one process’s limit, and both refuse once they sync', async () => {
    const limit = 10;
    const { a, b, shared } = twoProcesses(limit);
    let admitted = 0;
    for (let i = 0; i < 30; i++) if ((await remaining((i % 2 ? a : b).hit('10.0.0.5'))) >= 0) admitted++;
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThan(2 * limit);
    await a.flush();
    await b.flush();
    expect(await remaining(a.hit('10.0.0.5'))).toBeLessThan(0);
    expect(await remaining(b.hit('10.0.0.5'))).toBeLessThan(0);
    shared.close();
  });

  it('When a hit weighs several (a batch of calls), then both processes count its whole weight', async () => {
    const { a, b, shared } = twoProcesses(30);
    // The first hit of a window goes to the store with its weight; later ones are batched with theirs.
    expect(await remaining(a.hit('10.0.0.4', 20))).toBe(10);
    expect(await remaining(a.hit('10.0.0.4', 5))).toBe(5);
    await a.flush();
    // b learns a's 25 with its own first hit of 5, so the next hit is refused on b as well.
    expect(await remaining(b.hit('10.0.0.4', 5))).toBe(0);
    expect(await remaining(b.hit('10.0.0.4'))).toBe(-1);
    await b.flush();
    expect((await shared.store.hit(storeKeyOf('writes', '10.0.0.4'), 60_000)).total).toBe(32);
    shared.close();
  });

  it('When requests are paced slower than the batches, then the limit is exact across processes', async () => {
    const { a, b, shared } = twoProcesses(6, 1_000);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push(await remaining((i % 2 ? a : b).hit('10.0.0.6')));
      await a.flush();
      await b.flush();
      clock += 1_000;
    }
    // Below half the limit a process answers from what it last heard (the third and fourth answers
    // miss the other's last hit); past half it asks the store, so the sixth hit is the last let through.
    expect(answers).toEqual([5, 4, 4, 3, 1, 0, -1, -2]);
    expect(answers.filter((left) => left >= 0)).toHaveLength(6);
    shared.close();
  });

  it('sends its counts by itself every syncMs, and only while there is something to send', async () => {
    const shared = sqliteRateLimits(now);
    const limiter = new BatchedSharedLimiter({
      name: 'reads',
      limit: 100,
      windowMs: 60_000,
      store: shared.store,
      syncMs: 20,
      health: health(),
      now,
    });
    await limiter.hit('10.0.0.7');
    limiter.hit('10.0.0.7');
    limiter.hit('10.0.0.7');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await shared.store.hit(storeKeyOf('reads', '10.0.0.7'), 60_000)).total).toBe(4);
    shared.close();
  });

  it('When the store fails, then the batch is dropped, logged once, and this process’s own count still limits', async () => {
    const { logger, lines } = recordingLogger();
    const limiter = new BatchedSharedLimiter({
      name: 'writes',
      limit: 2,
      windowMs: 60_000,
      store: failingRateLimits(),
      syncMs: 60_000,
      health: new RateLimitStoreHealth(logger, 1_000, now),
      now,
    });
    expect(await remaining(limiter.hit('10.0.0.8'))).toBe(1);
    await limiter.flush();
    expect(await remaining(limiter.hit('10.0.0.8'))).toBe(0);
    await limiter.flush();
    expect(await remaining(limiter.hit('10.0.0.8'))).toBe(-1);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
  });

  it('When the store’s window ends, then the count starts afresh with the store’s reset time', async () => {
    const { a, b, shared } = twoProcesses(2, 1_000);
    await a.hit('10.0.0.9');
    await a.hit('10.0.0.9');
    expect(await remaining(a.hit('10.0.0.9'))).toBe(-1);
    await a.flush();
    clock += 60_000;
    expect(await b.hit('10.0.0.9')).toEqual({ remaining: 1, resetSeconds: 60 });
    expect(await a.hit('10.0.0.9')).toEqual({ remaining: 0, resetSeconds: 60 });
    // A sync interval later b, at its limit, asks the store rather than trust its own two.
    clock += 1_000;
    expect(await b.hit('10.0.0.9')).toEqual({ remaining: -1, resetSeconds: 59 });
    shared.close();
  });
});

describe('BatchedSharedLimiter counting a first hit locally (the reads)', () => {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  const health = () => new RateLimitStoreHealth(recordingLogger().logger, 1_000, now);

  /** Two API processes sharing one store, first hits counted locally; batches only when the test flushes. */
  function twoProcesses(limit: number, syncMs = 60_000) {
    const shared = sqliteRateLimits(now);
    const options = { name: 'reads', limit, windowMs: 60_000, store: shared.store, syncMs, now };
    return {
      a: new BatchedSharedLimiter({ ...options, health: health(), firstHit: 'local' }),
      b: new BatchedSharedLimiter({ ...options, health: health(), firstHit: 'local' }),
      shared,
    };
  }
  const remaining = async (answer: HitAnswer | Promise<HitAnswer>) => (await answer).remaining;

  it('When a visitor’s first hit arrives, then it is answered at once, the store not asked until the next batch', async () => {
    const { a, shared } = twoProcesses(3);
    const answers = [a.hit('10.1.0.1'), a.hit('10.1.0.1'), a.hit('10.1.0.1'), a.hit('10.1.0.1')];
    expect(answers.some((answer) => answer instanceof Promise)).toBe(false);
    expect(answers.map((answer) => (answer as HitAnswer).remaining)).toEqual([2, 1, 0, -1]);
    expect(shared.calls()).toBe(0);
    await a.flush();
    // One batch carried all four, the first included.
    expect(shared.calls()).toBe(1);
    expect((await shared.store.hit(storeKeyOf('reads', '10.1.0.1'), 60_000)).total).toBe(5);
    shared.close();
  });

  it('When many visitors arrive within one interval, then one store call carries all their first hits', async () => {
    const { a, shared } = twoProcesses(100);
    for (let visitor = 0; visitor < 50; visitor++) a.hit(`10.1.1.${visitor}`);
    await a.flush();
    expect(shared.calls()).toBe(1);
    expect((await shared.store.hit(storeKeyOf('reads', '10.1.1.49'), 60_000)).total).toBe(2);
    shared.close();
  });

  it('When a process meets a client for the first time, then it answers from its own count and learns what the others counted with its first batch', async () => {
    const { a, b, shared } = twoProcesses(5);
    for (let i = 0; i < 3; i++) a.hit('10.1.0.2');
    await a.flush();
    expect(await b.hit('10.1.0.2')).toEqual({ remaining: 4, resetSeconds: 60 });
    await b.flush();
    expect(await b.hit('10.1.0.2')).toEqual({ remaining: 0, resetSeconds: 60 });
    shared.close();
  });

  it('When a client spent its limit at one process and moves to another, then the other admits it only until its first batch', async () => {
    const { a, b, shared } = twoProcesses(5);
    for (let i = 0; i < 6; i++) a.hit('10.1.0.3');
    await a.flush();
    // Within b's first interval b's own count decides (the bound's interval)...
    expect(await remaining(b.hit('10.1.0.3'))).toBe(4);
    expect(await remaining(b.hit('10.1.0.3'))).toBe(3);
    await b.flush();
    // ...and from its first batch on the client is refused there as it is at a.
    expect(await remaining(b.hit('10.1.0.3'))).toBeLessThan(0);
    expect(await remaining(a.hit('10.1.0.3'))).toBeLessThan(0);
    shared.close();
  });

  it('When a client’s window ends, then the next hit opens a new one locally and the store restarts it', async () => {
    const { a, shared } = twoProcesses(2, 1_000);
    a.hit('10.1.0.4');
    a.hit('10.1.0.4');
    expect(await remaining(a.hit('10.1.0.4'))).toBe(-1);
    await a.flush();
    clock += 60_000;
    expect(await a.hit('10.1.0.4')).toEqual({ remaining: 1, resetSeconds: 60 });
    await a.flush();
    expect((await shared.store.hit(storeKeyOf('reads', '10.1.0.4'), 60_000)).total).toBe(2);
    shared.close();
  });
});
