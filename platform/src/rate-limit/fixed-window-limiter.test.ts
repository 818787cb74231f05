import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  it('counts hits per key within a window and starts afresh after it', () => {
    const limiter = new FixedWindowLimiter(2, 60_000);
    expect(limiter.hit('a', 0).remaining).toBe(1);
    expect(limiter.hit('a', 10).remaining).toBe(0);
    expect(limiter.hit('a', 20).remaining).toBe(-1);
    expect(limiter.hit('b', 20).remaining).toBe(1);
    expect(limiter.hit('a', 60_000).remaining).toBe(1);
  });

  it('gives a hit back when asked (failed sign-ins only count)', () => {
    const limiter = new FixedWindowLimiter(1, 60_000);
    limiter.hit('a', 0);
    limiter.refund('a');
    expect(limiter.hit('a', 1).remaining).toBe(0);
  });

  it('reports the reset in seconds and its policy', () => {
    const limiter = new FixedWindowLimiter(5, 900_000);
    expect(limiter.hit('a', 0).resetSeconds).toBe(900);
    expect(limiter.policy).toBe('5;w=900');
  });
});
