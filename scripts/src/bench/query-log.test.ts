import { lruHitRate, zipfLog } from './query-log';

describe('zipfLog', () => {
  const pool = Array.from({ length: 1000 }, (_, i) => `q${i}`);
  it('asks the most popular query most often, about 1/H(n) of the time', () => {
    const log = zipfLog(pool, 50_000);
    const first = log.filter((q) => q === 'q0').length / log.length;
    let harmonic = 0;
    for (let k = 1; k <= 1000; k++) harmonic += 1 / k;
    expect(first).toBeGreaterThan((1 / harmonic) * 0.9);
    expect(first).toBeLessThan((1 / harmonic) * 1.1);
    expect(log.filter((q) => q === 'q1').length).toBeLessThan(log.filter((q) => q === 'q0').length);
  });
  it('reaches into the long tail', () => {
    expect(new Set(zipfLog(pool, 50_000)).size).toBeGreaterThan(900);
  });
  it('is the same for the same seed', () => {
    expect(zipfLog(pool, 100, 1, 5)).toEqual(zipfLog(pool, 100, 1, 5));
  });
});

describe('lruHitRate', () => {
  it('counts repeats that are still in the cache', () => {
    expect(lruHitRate(['a', 'b', 'a', 'c', 'a'], 2)).toBeCloseTo(2 / 5);
    expect(lruHitRate(['a', 'b', 'c', 'a'], 2)).toBe(0);
  });

  it('answers from the third ask on when answers are kept on their second', () => {
    expect(lruHitRate(['a', 'a', 'a', 'a'], 2, { keepOnSecondAsk: true })).toBeCloseTo(2 / 4);
  });
});
