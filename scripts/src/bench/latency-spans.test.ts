import { describeSpans, LatencySpans } from './latency-spans';

describe('LatencySpans', () => {
  it('When the slow answers all left in the first seconds, then only the first span has a high p99', () => {
    const spans = new LatencySpans(5000);
    for (let i = 0; i < 100; i++) spans.add(i * 10, i < 10 ? 300 : 5); // 0-1 s: the first ten slow
    for (let i = 0; i < 100; i++) spans.add(5000 + i * 10, 5);
    for (let i = 0; i < 100; i++) spans.add(10_000 + i * 10, 6);
    expect(spans.p99s()).toEqual([
      { fromS: 0, p99: 300, count: 100 },
      { fromS: 5, p99: 5, count: 100 },
      { fromS: 10, p99: 6, count: 100 },
    ]);
    expect(describeSpans(spans.p99s())).toBe('0-5 s 300, 5-10 s 5, 10-15 s 6');
  });

  it('keeps an empty span in its place', () => {
    const spans = new LatencySpans(5000);
    spans.add(100, 4);
    spans.add(12_000, 9);
    expect(spans.p99s()).toEqual([
      { fromS: 0, p99: 4, count: 1 },
      { fromS: 5, p99: 0, count: 0 },
      { fromS: 10, p99: 9, count: 1 },
    ]);
  });
});
