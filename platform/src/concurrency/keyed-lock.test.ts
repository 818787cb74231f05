import { KeyedLock } from './keyed-lock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedLock', () => {
  it('runs tasks of one key one after the other', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name} starts`);
      await tick();
      order.push(`${name} ends`);
    };
    await Promise.all([lock.run('a', task('first')), lock.run('a', task('second'))]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('runs tasks of different keys side by side', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name} starts`);
      await tick();
      order.push(`${name} ends`);
    };
    await Promise.all([lock.run('a', task('a')), lock.run('b', task('b'))]);
    expect(order.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('goes on with the next task after one fails', async () => {
    const lock = new KeyedLock();
    const failed = lock.run('a', async () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(lock.run('a', async () => 'next')).resolves.toBe('next');
  });
});
