import { ReadinessProbe } from './readiness';

// The readiness checks alone, with stand-in dependencies: which answer, which fail, which hang.

const ok = async () => {};
const fails = async () => {
  throw new Error('ECONNREFUSED mongodb://admin:secret@db:27017');
};
const hangs = () => new Promise<void>(() => {});

describe('ReadinessProbe', () => {
  it('is ready when every dependency answers', async () => {
    const probe = new ReadinessProbe({ store: ok, search: ok, mail: ok });
    expect(await probe.check()).toEqual({
      ready: true,
      checks: { store: 'ok', search: 'ok', mail: 'ok' },
      failing: [],
    });
  });

  it('names a dependency that fails, and nothing of its error', async () => {
    const probe = new ReadinessProbe({ store: fails, search: ok, mail: ok });
    const report = await probe.check();
    expect(report).toEqual({
      ready: false,
      checks: { store: 'down', search: 'ok', mail: 'ok' },
      failing: ['store'],
    });
    expect(JSON.stringify(report)).not.toMatch(/secret|mongodb/);
  });

  it('counts a dependency that does not answer in time as timed out, asking all at once', async () => {
    jest.useFakeTimers();
    try {
      const probe = new ReadinessProbe({ store: ok, search: hangs, mail: hangs }, { timeoutMs: 150 });
      const checking = settles(probe.check());
      await jest.advanceTimersByTimeAsync(149);
      expect(checking.settled).toBe(false);
      // One timeout for both hanging dependencies, not one after the other (that would be 300 ms).
      await jest.advanceTimersByTimeAsync(1);
      expect(checking.settled).toBe(true);
      expect(await checking.promise).toEqual({
        ready: false,
        checks: { store: 'ok', search: 'timeout', mail: 'timeout' },
        failing: ['search', 'mail'],
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('treats a dependency that throws at once like one that rejects', async () => {
    const probe = new ReadinessProbe({
      mail: () => {
        throw new Error('no transport');
      },
    });
    expect((await probe.check()).checks).toEqual({ mail: 'down' });
  });

  it('answers from its last report for cacheMs, then asks again', async () => {
    let now = 1_000;
    let calls = 0;
    const probe = new ReadinessProbe(
      {
        store: async () => {
          calls++;
        },
      },
      { cacheMs: 1000, now: () => now },
    );
    await probe.check();
    now += 999;
    await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(calls).toBe(1);
    now += 1;
    await probe.check();
    expect(calls).toBe(2);
  });

  it('joins a check under way instead of starting another', async () => {
    let calls = 0;
    const probe = new ReadinessProbe({
      store: async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const reports = await Promise.all([probe.check(), probe.check()]);
    expect(calls).toBe(1);
    expect(reports[0]).toBe(reports[1]);
  });

  it('does not ask a hung dependency again until it answers', async () => {
    let calls = 0;
    let answer: () => void = () => {};
    const probe = new ReadinessProbe(
      {
        // The first call hangs until answer(); later ones answer at once.
        search: () => {
          calls++;
          if (calls > 1) return Promise.resolve();
          return new Promise<void>((resolve) => {
            answer = resolve;
          });
        },
      },
      { timeoutMs: 20, cacheMs: 0 },
    );
    expect((await probe.check()).checks.search).toBe('timeout');
    expect((await probe.check()).checks.search).toBe('timeout');
    expect(calls).toBe(1);
    answer();
    expect((await probe.check()).checks.search).toBe('ok');
    expect(calls).toBe(1);
    expect((await probe.check()).checks.search).toBe('ok');
    expect(calls).toBe(2);
  });

  it('gives liveness its last report at once while a slow dependency is asked again', async () => {
    jest.useFakeTimers();
    try {
      let clock = 0;
      let slow = false;
      const store = () => (slow ? new Promise<void>(() => {}) : Promise.resolve());
      const probe = new ReadinessProbe({ store }, { timeoutMs: 5_000, cacheMs: 10, now: () => clock });
      expect((await probe.latest()).ready).toBe(true);
      slow = true;
      clock = 100;
      // No timer moves: an answer that waited for the hung check (or its timeout) would never come.
      const answer = settles(probe.latest());
      await jest.advanceTimersByTimeAsync(0);
      expect(answer.settled).toBe(true);
      expect((await answer.promise).checks).toEqual({ store: 'ok' });
    } finally {
      jest.useRealTimers();
    }
  });
});

/** A promise with a flag that says whether it has settled yet. */
function settles<T>(promise: Promise<T>): { promise: Promise<T>; settled: boolean } {
  const tracked = { promise, settled: false };
  promise.then(
    () => {
      tracked.settled = true;
    },
    () => {
      tracked.settled = true;
    },
  );
  return tracked;
}
