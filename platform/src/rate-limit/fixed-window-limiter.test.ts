import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  let clock = 0;
  const now = () => clock;

  it('counts hits per key within a window and starts afresh after it', () => {
    clock = 0;
    const limiter = new FixedWindowLimiter(2, 60_000, now);
    expect(limiter.hit('a').remaining).toBe(1);
    clock = 10;
    expect(limiter.hit('a').remaining).toBe(0);
    clock = 20;
    expect(limiter.hit('a').remaining).toBe(-1);
    expect(limiter.hit('b').remaining).toBe(1);
    clock = 60_000;
    expect(limiter.hit('a').remaining).toBe(1);
  });

  it('When a hit weighs several (a batch of calls), then it counts as that many hits', () => {
    clock = 0;
    const limiter = new FixedWindowLimiter(10, 60_000, now);
    expect(limiter.hit('a', 4).remaining).toBe(6);
    expect(limiter.hit('a', 6).remaining).toBe(0);
    expect(limiter.hit('a').remaining).toBe(-1);
    expect(() => limiter.hit('a', 0)).toThrow(RangeError);
    expect(() => limiter.hit('a', 1.5)).toThrow(RangeError);
  });

  it('gives a hit back when asked (failed sign-ins only count)', () => {
    clock = 0;
    const limiter = new FixedWindowLimiter(1, 60_000, now);
    limiter.hit('a');
    limiter.refund('a');
    clock = 1;
    expect(limiter.hit('a').remaining).toBe(0);
  });

  it('reports the reset in seconds and its policy', () => {
    clock = 0;
    const limiter = new FixedWindowLimiter(5, 900_000, now);
    expect(limiter.hit('a').resetSeconds).toBe(900);
    expect(limiter.policy).toBe('5;w=900');
  });
});
