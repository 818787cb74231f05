import { Exclusive } from './exclusive';

describe('one piece of work at a time', () => {
  it('starts work at once, synchronously, when nothing runs', async () => {
    const turns = new Exclusive();
    let ran = false;
    const done = turns.run(() => {
      ran = true;
      return 7;
    });
    expect(ran).toBe(true);
    expect(await done).toBe(7);
  });

  it('runs later work only once the work before it has settled, in the order asked', async () => {
    const turns = new Exclusive();
    const events: string[] = [];
    let finish!: () => void;
    const first = turns.run(async () => {
      events.push('first starts');
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      events.push('first ends');
    });
    const second = turns.run(() => events.push('second'));
    const third = turns.run(() => events.push('third'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['first starts']);
    expect(turns.busy).toBe(true);
    finish();
    await Promise.all([first, second, third]);
    expect(events).toEqual(['first starts', 'first ends', 'second', 'third']);
  });

  it('goes on after work that fails, which rejects as it did', async () => {
    const turns = new Exclusive();
    const failing = turns.run(() => {
      throw new Error('bad input');
    });
    const next = turns.run(() => 'next');
    await expect(failing).rejects.toThrow('bad input');
    await expect(next).resolves.toBe('next');
  });

  it('says when it is idle: null, or a promise settling once all work asked so far has', async () => {
    const turns = new Exclusive();
    expect(turns.idle()).toBeNull();
    let finish!: () => void;
    void turns.run(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const later = turns.run(() => undefined);
    const idle = turns.idle();
    expect(idle).not.toBeNull();
    let settled = false;
    void idle!.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    finish();
    await later;
    await idle;
    expect(turns.idle()).toBeNull();
  });
});
