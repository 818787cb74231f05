import { judgeMemory, slope } from './memory-trend';

const every30s = (minutes: number, rss: (minute: number) => number) =>
  Array.from({ length: minutes * 2 + 1 }, (_, i) => ({ minute: i / 2, rssMb: rss(i / 2) }));

describe('judgeMemory', () => {
  it('computes the least-squares slope of a line', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
  });

  it('calls memory that rises only while warming up and then saw-tooths flat', () => {
    // 600 MB reached in the first 5 minutes, then ±15 MB of garbage collection.
    const samples = every30s(60, (m) => (m < 5 ? 400 + 40 * m : 600 + (Math.round(m * 2) % 2 ? 15 : -15)));
    const verdict = judgeMemory(samples);
    expect(verdict.flat).toBe(true);
    expect(Math.abs(verdict.slopeMbPer10Min)).toBeLessThan(2);
  });

  it('calls a steady leak of 3 MB a minute not flat, naming the slope', () => {
    const verdict = judgeMemory(every30s(60, (m) => 600 + 3 * m));
    expect(verdict.flat).toBe(false);
    expect(verdict.slopeMbPer10Min).toBeCloseTo(30, 0);
    expect(verdict.reason).toMatch(/slope 30/);
  });

  it('allows the growth that the data itself explains', () => {
    const samples = every30s(60, (m) => 600 + 1.5 * m);
    expect(judgeMemory(samples).flat).toBe(false);
    expect(judgeMemory(samples, 15).flat).toBe(true);
  });

  it('judges a short run on windows of a third of its judged part', () => {
    const verdict = judgeMemory(every30s(3, () => 800));
    expect(verdict.windowMinutes).toBeCloseTo(0.7, 1);
    expect(verdict.judgedFromMinute).toBe(1);
    expect(verdict.flat).toBe(true);
  });

  it('gives no verdict of flat when the first window after warm-up has no sample', () => {
    const samples = [2.2, 3.3, 3.31, 3.32, 3.5].map((minute) => ({ minute, rssMb: 1100 }));
    const verdict = judgeMemory(samples);
    expect(verdict.flat).toBe(false);
    expect(verdict.reason).toMatch(/too few samples/);
  });
});
