import { PeriodicFlush } from './periodic-flush';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('PeriodicFlush', () => {
  it('joins a flush asked while one is writing instead of starting a second write', async () => {
    const gate = deferred();
    let writes = 0;
    const flusher = new PeriodicFlush(async () => {
      writes += 1;
      await gate.promise;
    }, 1_000);
    const first = flusher.flush();
    const second = flusher.flush();
    expect(flusher.busy).toBe(true);
    gate.resolve();
    await Promise.all([first, second]);
    expect(writes).toBe(1);
    expect(flusher.busy).toBe(false);
  });

  it('writes on its timer once started and no more after stop', async () => {
    jest.useFakeTimers();
    try {
      let writes = 0;
      const flusher = new PeriodicFlush(async () => {
        writes += 1;
      }, 100);
      flusher.start();
      expect(flusher.started).toBe(true);
      await jest.advanceTimersByTimeAsync(350);
      expect(writes).toBe(3);
      await flusher.stop();
      expect(writes).toBe(4); // the final write at stop
      await jest.advanceTimersByTimeAsync(500);
      expect(writes).toBe(4);
      expect(flusher.started).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits at stop for the write under way, then writes what came meanwhile', async () => {
    const gate = deferred();
    const written: string[] = [];
    let pending = ['a'];
    const flusher = new PeriodicFlush(async () => {
      const batch = pending;
      pending = [];
      if (batch.includes('a')) await gate.promise;
      written.push(...batch);
    }, 1_000);
    void flusher.flush();
    pending.push('b'); // counted while 'a' is being written
    const stopped = flusher.stop();
    gate.resolve();
    await stopped;
    expect(written).toEqual(['a', 'b']);
  });
});
