import type { LoadFigures } from './http-load';
import { type Run, summariseClosed, summariseOpen } from './load-runs';

const figures = (
  requestsPerSecond: number,
  errors: number,
  p99: Partial<Record<string, number>>,
): LoadFigures => ({
  seconds: 10,
  requests: requestsPerSecond * 10,
  requestsPerSecond,
  errors,
  errorKinds: {},
  p50: 1,
  p99: Math.max(...Object.values(p99).map(Number)),
  byKind: Object.fromEntries(
    Object.entries(p99).map(([kind, value]) => [
      kind,
      { requests: 10, errors: 0, p50: 1, p99: value!, max: value! },
    ]),
  ),
});

describe('summariseClosed', () => {
  it('averages the throughput of the runs, adds their errors and keeps the longest stall', () => {
    const runs: Run[] = [
      [figures(1000, 1, { search: 5 }), { p99: 10, max: 40 }],
      [figures(1400, 2, { search: 5 }), null],
    ];
    expect(summariseClosed(runs)).toEqual({ rps: 1200, errors: 3, loopMax: 40 });
  });
});

describe('summariseOpen', () => {
  it('keeps each kind at its worse run, so a goal met in one run and missed in the other shows as missed', () => {
    const runs: Run[] = [
      [figures(300, 0, { search: 30, 'agent page': 80 }), { p99: 12, max: 20 }],
      [figures(300, 4, { search: 60, 'agent page': 20 }), { p99: 9, max: 70 }],
    ];
    expect(summariseOpen(runs, ['search', 'agent page', 'home'])).toEqual({
      errors: 4,
      worst: 80,
      byKind: { search: 60, 'agent page': 80, home: 0 },
      loopP99: 12,
      loopMax: 70,
    });
  });
});
