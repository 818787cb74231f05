import { HashingBusyError, HashingGate } from './hashing-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('HashingGate', () => {
  it('runs one task at a time and the waiting ones in arrival order', async () => {
    const gate = new HashingGate(1, 10);
    const order: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      order.push('a starts');
      await first.promise;
      order.push('a ends');
    });
    const b = gate.run(async () => {
      order.push('b runs');
    });
    const c = gate.run(async () => {
      order.push('c runs');
    });
    await Promise.resolve();
    expect(order).toEqual(['a starts']);
    expect(gate.queued).toBe(2);
    first.resolve();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a starts', 'a ends', 'b runs', 'c runs']);
    expect(gate.queued).toBe(0);
  });

  it('refuses at once when the queue is full, and frees the slot after a failed task', async () => {
    const gate = new HashingGate(1, 1);
    const hold = deferred();
    const running = gate.run(() => hold.promise);
    const waiting = gate.run(async () => {
      throw new Error('scrypt failed');
    });
    await expect(gate.run(async () => 'too many')).rejects.toBeInstanceOf(HashingBusyError);
    hold.resolve();
    await running;
    await expect(waiting).rejects.toThrow('scrypt failed');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
  });
});
