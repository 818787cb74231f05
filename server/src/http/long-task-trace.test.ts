import { createLogger } from '@agentry/platform/log/logger';
import { LongTaskLog, routeOf, type StallReport, startLongTaskTrace, traceAs } from './long-task-trace';

function harness(thresholdMs = 50) {
  let now = 0;
  let cpu = 0;
  let wait = 0;
  const reports: StallReport[] = [];
  const log = new LongTaskLog(
    thresholdMs,
    () => now,
    () => ({ cpuMs: cpu, waitMs: wait }),
    (stall) => reports.push(stall),
    20,
  );
  const run = (owner: string, ms: number, cpuMs = ms, waitMs = 0) => {
    log.enter(owner);
    now += ms;
    cpu += cpuMs;
    wait += waitMs;
    log.exit();
  };
  return {
    log,
    reports,
    run,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the long-task log', () => {
  it('reports nothing while the watchdog ticks on time', () => {
    const { log, reports, run, advance } = harness();
    for (let i = 0; i < 10; i++) {
      run('GET /api/search', 5);
      advance(15);
      log.tick();
      log.tick();
    }
    expect(reports).toEqual([]);
  });

  it('names the owners that held the loop when a tick comes late, longest first, one tick later', () => {
    const { log, reports, run, advance } = harness();
    run('GET /api/agents/:id', 10);
    run('Timeout flush', 90, 60, 20);
    run('GET /api/agents/:id', 30);
    advance(20);
    log.tick(); // 150 ms since the last tick: 130 late
    expect(reports).toEqual([]); // held back for the collections' entries
    log.tick();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      blocked_ms: 130,
      callbacks_ms: 130,
      callbacks: 3,
      thread_cpu_ms: 100,
      run_queue_ms: 20,
    });
    expect(reports[0]!.top).toEqual(['Timeout flush 1 90.0 90.0 0.0', 'GET /api/agents/:id 2 40.0 30.0 0.0']);
  });

  it('counts nested callbacks once, under the outermost owner, renamed by the request', () => {
    const { log, reports, advance } = harness();
    log.enter('HTTPINCOMINGMESSAGE');
    log.rename('GET /api/search');
    log.enter('inner');
    advance(40);
    log.exit();
    advance(40);
    log.exit();
    log.tick();
    log.tick();
    expect(reports[0]!.top).toEqual(['GET /api/search 1 80.0 80.0 0.0']);
  });

  it('adds the collections that started inside the stall', () => {
    const { log, reports, run } = harness();
    run('GET /api/search', 100);
    log.gc(30, 40);
    log.gc(500, 70); // after the stall
    log.tick();
    log.tick();
    expect(reports[0]!.gc_ms).toBe(40);
  });

  it('folds ids out of paths so a route is one owner', () => {
    expect(routeOf('GET', '/api/agents/agt_8f2k1')).toBe('GET /api/agents/:id');
    expect(routeOf('GET', '/api/search')).toBe('GET /api/search');
  });
});

describe('a callback that uses the CPU for long on its own', () => {
  it('is named with its wall and CPU time, whatever the ticks say', () => {
    let now = 0;
    let cpu = 0;
    const long: Array<[string, number, number]> = [];
    const log = new LongTaskLog(
      50,
      () => now,
      () => null,
      () => {},
      20,
      () => cpu,
      (owner, wallMs, cpuMs) => long.push([owner, wallMs, cpuMs]),
    );
    log.enter('GET /agents/:id');
    now += 40;
    cpu += 30;
    log.exit();
    log.enter('GET /api/roles');
    now += 80; // waiting for a core, mostly
    cpu += 5;
    log.exit();
    expect(long).toEqual([['GET /agents/:id', 40, 30]]);
  });
});

describe('a background loop started under its own name', () => {
  /** Uses at least `ms` of this process's CPU (the trace reports a callback over half its threshold). */
  const burn = (ms: number) => {
    const from = process.cpuUsage();
    for (;;) {
      const used = process.cpuUsage(from);
      if ((used.user + used.system) / 1000 >= ms) return;
    }
  };
  /** A loop of a few turns, each a continuation of the one before, the last one long. */
  const loop = async () => {
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    burn(6);
  };

  it('names its continuations by the loop, not by what started it', async () => {
    const lines: Array<{ msg: string; callback?: { owner: string } }> = [];
    const stop = startLongTaskTrace(
      4,
      createLogger('warn', 'test', { write: (line: string) => lines.push(JSON.parse(line)) }),
    );
    try {
      await traceAs('indexer', loop);
      await loop();
    } finally {
      stop();
    }
    const owners = lines.filter((line) => line.msg === 'long callback').map((line) => line.callback!.owner);
    expect(owners).toContain('loop indexer');
    // Unnamed, the same loop is the promise that began it.
    expect(owners.some((owner) => owner.startsWith('PROMISE'))).toBe(true);
  });

  it('starts the loop as it is when the trace is off', async () => {
    await expect(traceAs('indexer', async () => 'done')).resolves.toBe('done');
  });
});
