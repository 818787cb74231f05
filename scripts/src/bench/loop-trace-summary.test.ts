import { describeLoopTrace, LoopTraceSummary } from './loop-trace-summary';

const stallLine = (time: string, stall: Record<string, unknown>) =>
  JSON.stringify({ level: 40, time, worker: 0, stall, msg: 'long task' });

describe('the loop trace summary', () => {
  it('splits the stalled time into on a core, waiting for one and asleep, and ranks owners by CPU', () => {
    const summary = new LoopTraceSummary(20);
    summary.add('not json at all');
    summary.add(JSON.stringify({ time: '2026-11-29T00:00:01.000Z', msg: 'request', url: '/x' }));
    summary.add(
      stallLine('2026-11-29T00:00:02.000Z', {
        blocked_ms: 180,
        callbacks_ms: 150,
        thread_cpu_ms: 40,
        run_queue_ms: 150,
        gc_ms: 10,
        top: ['GET /api/search 3 120.0 90.0 30.0', 'Timeout flush 1 30.0 30.0 10.0'],
      }),
    );
    summary.add(
      stallLine('2026-11-29T00:00:03.000Z', {
        blocked_ms: 80,
        callbacks_ms: 70,
        thread_cpu_ms: 20,
        run_queue_ms: 0,
        gc_ms: 0,
        top: ['Timeout flush 1 70.0 70.0 25.0'],
      }),
    );
    // Outside the window asked for:
    summary.add(
      stallLine('2026-11-29T00:10:00.000Z', {
        blocked_ms: 900,
        callbacks_ms: 0,
        thread_cpu_ms: 0,
        run_queue_ms: 900,
        gc_ms: 0,
        top: [],
      }),
    );
    summary.add(
      JSON.stringify({
        time: '2026-11-29T00:00:02.500Z',
        callback: { owner: 'GET /api/agents', wall_ms: 60, cpu_ms: 31 },
        msg: 'long callback',
      }),
    );
    const f = summary.figures(Date.parse('2026-11-29T00:00:00Z'), Date.parse('2026-11-29T00:01:00Z'));
    expect(f).toMatchObject({
      stalls: 2,
      stalledMs: 300,
      onCoreMs: 60,
      runQueueMs: 150,
      asleepMs: 90,
      gcMs: 10,
      longestMs: 180,
    });
    expect(f.owners.map((o) => [o.owner, o.callbacks, o.cpuMs, o.maxWallMs])).toEqual([
      ['Timeout flush', 2, 35, 70],
      ['GET /api/search', 3, 30, 90],
    ]);
    expect(f.longCallbacks).toEqual([{ owner: 'GET /api/agents', count: 1, maxCpuMs: 31, maxWallMs: 60 }]);
    expect(describeLoopTrace(f)[0]).toContain('on a core 20 %, waiting for a core 50 %, asleep 30 %');
  });
});
