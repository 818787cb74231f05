import { createHook, executionAsyncResource } from 'node:async_hooks';
import fs from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Logger } from '@agentry/platform/log/logger';

// A diagnostic (LOOP_TRACE_MS, off by default): what a worker's event loop ran while it was blocked.
// The event-loop monitor says a second had a stall; this says whose. Every top-level callback (a
// timer, an I/O completion, a request's parser callback, a promise continuation) is timed by an
// async hook and added, by its owner, to the tally of the current turn; a watchdog timer ticks every
// TICK_MS, and a tick that comes more than the threshold late logs the turn's tally: the callbacks
// that ran since the last tick, by owner (a request's method and path, a timer's function name), the
// time spent outside any callback (garbage collection, native work, or no core free), the main
// thread's time on a core and its time runnable but waiting for one over the stall (/proc's
// schedstat: what is left of the stall it slept, in a system call or on a lock) and the collections
// that overlapped it. The hooks cost a few microseconds a
// callback: a tool for a benchmark run, not for production.

export const TICK_MS = 20;
const TOP = 6;

export interface StallReport {
  /** How late the watchdog's tick came, ms. */
  blocked_ms: number;
  /** Time inside top-level callbacks since the last tick, ms. */
  callbacks_ms: number;
  callbacks: number;
  /** The main thread's time on a core between the two ticks, ms (null off Linux). */
  thread_cpu_ms: number | null;
  /** Its time runnable but waiting for a core, ms: the rest of the stall it slept (I/O, locks). */
  run_queue_ms: number | null;
  /** Garbage collection that started between the two ticks, ms. */
  gc_ms: number;
  /** The owners that held the loop longest: `owner count total_ms max_ms cpu_ms`. */
  top: string[];
}

interface Tally {
  count: number;
  ms: number;
  maxMs: number;
  /** The process's CPU time inside these callbacks (getrusage: the main thread and, while it ran, GC helpers). */
  cpuMs: number;
}

/**
 * The bookkeeping, apart from the hooks and timers that feed it (tests drive it with their own
 * clock): enter/exit around each top-level callback, tick from the watchdog, gc from the observer.
 */
export class LongTaskLog {
  private tallies = new Map<string, Tally>();
  private depth = 0;
  private enteredAt = 0;
  private enteredCpu = 0;
  private owner = '';
  private lastTick: number;
  private lastSched: Sched | null;
  private gcs: Array<{ at: number; ms: number }> = [];
  /** A stall found at the last tick, reported at this one: the collections' entries arrive late. */
  private pending: { stall: StallReport; from: number; to: number } | null = null;

  constructor(
    private readonly thresholdMs: number,
    private readonly now: () => number,
    private readonly sched: () => Sched | null,
    private readonly report: (stall: StallReport) => void,
    private readonly tickMs = TICK_MS,
    private readonly processCpuMs: () => number = () => 0,
    /** One callback that used more CPU than half the threshold on its own (what holds the loop on an idle machine too). */
    private readonly onLongCallback: (owner: string, wallMs: number, cpuMs: number) => void = () => {},
  ) {
    this.lastTick = now();
    this.lastSched = sched();
  }

  enter(owner: string): void {
    if (this.depth++ === 0) {
      this.enteredAt = this.now();
      this.enteredCpu = this.processCpuMs();
      this.owner = owner;
    }
  }

  /** Names the callback under way better than its resource could (a request's path). */
  rename(owner: string): void {
    if (this.depth > 0) this.owner = owner;
  }

  exit(): void {
    if (this.depth === 0) return;
    if (--this.depth > 0) return;
    const ms = this.now() - this.enteredAt;
    const cpuMs = this.processCpuMs() - this.enteredCpu;
    if (cpuMs > this.thresholdMs / 2) this.onLongCallback(this.owner, ms, cpuMs);
    const tally = this.tallies.get(this.owner);
    if (tally) {
      tally.count += 1;
      tally.ms += ms;
      tally.cpuMs += cpuMs;
      if (ms > tally.maxMs) tally.maxMs = ms;
    } else this.tallies.set(this.owner, { count: 1, ms, maxMs: ms, cpuMs });
  }

  gc(at: number, ms: number): void {
    this.gcs.push({ at, ms });
    if (this.gcs.length > 64) this.gcs.shift();
  }

  /** The watchdog's tick: a late one reports the turn since the last. */
  tick(): void {
    const now = this.now();
    const sched = this.sched();
    if (this.pending) {
      const { stall, from, to } = this.pending;
      this.pending = null;
      stall.gc_ms = Math.round(
        this.gcs.filter((g) => g.at >= from && g.at <= to).reduce((s, g) => s + g.ms, 0),
      );
      this.report(stall);
    }
    const late = now - this.lastTick - this.tickMs;
    if (late > this.thresholdMs) {
      let callbacksMs = 0;
      let callbacks = 0;
      for (const tally of this.tallies.values()) {
        callbacksMs += tally.ms;
        callbacks += tally.count;
      }
      const from = this.lastTick;
      const top = [...this.tallies.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, TOP)
        .map(
          ([owner, t]) =>
            `${owner} ${t.count} ${t.ms.toFixed(1)} ${t.maxMs.toFixed(1)} ${t.cpuMs.toFixed(1)}`,
        );
      const stall = {
        blocked_ms: Math.round(late),
        callbacks_ms: Math.round(callbacksMs),
        callbacks,
        thread_cpu_ms: sched && this.lastSched ? Math.round(sched.cpuMs - this.lastSched.cpuMs) : null,
        run_queue_ms: sched && this.lastSched ? Math.round(sched.waitMs - this.lastSched.waitMs) : null,
        gc_ms: 0,
        top,
      };
      this.pending = { stall, from, to: now };
    }
    this.tallies = new Map();
    this.lastTick = now;
    this.lastSched = sched;
  }
}

/** Time on a core and time waiting for one, ms, since the thread started. */
export interface Sched {
  cpuMs: number;
  waitMs: number;
}

/** The calling thread's /proc/thread-self/schedstat (ns on a core, ns in the run queue); null off Linux. */
export function threadSched(): Sched | null {
  try {
    const [cpu, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ');
    return { cpuMs: Number(cpu) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    return null;
  }
}

/** Path segments that name one thing (ids, slugs with digits) folded, so owners group by route. */
export const routeOf = (method: string, path: string) =>
  `${method} ${path
    .split('/')
    .map((part) => (part.length > 24 || /\d/.test(part) ? ':id' : part))
    .join('/')}`;

let active: ((owner: string) => void) | null = null;
let naming: (<T>(owner: string, start: () => T) => T) | null = null;

/**
 * Starts a background loop under its own name in the trace (no-op when off): the promises `start`
 * makes, and every continuation of theirs, are the loop's, not the start-up's that began it. Without
 * it every loop begun in startServer (the indexer, the index's load, …) was one owner, `PROMISE
 * startServer`, in the trace (issue 24: a 125 ms callback of it could not be told apart).
 */
export function traceAs<T>(owner: string, start: () => T): T {
  return naming ? naming(owner, start) : start();
}

/** Called by the request log for every request: names the callback under way by its route (no-op when off). */
export function nameRequest(method: string, path: string): void {
  if (active) active(routeOf(method, path));
}

interface TimerLike {
  _onTimeout?: { name?: string };
  _onImmediate?: { name?: string };
}

/**
 * Where an unnamed timer or promise was made: the first two frames of ours (a few microseconds; the
 * trace only). Two, because a helper's timer is everyone's: PeriodicFlush's served three counters,
 * and only the caller says whose flush held the loop.
 */
function whereSet(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 10;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frames = stack
    .split('\n')
    .slice(1)
    .filter((line) => !line.includes('node:') && !line.includes('long-task-trace'))
    .slice(0, 2)
    .map((frame) =>
      frame
        .trim()
        .replace(/^at /, '')
        .replace(/\(?\/.*\/(?:src|dist|node_modules)\//, '('),
    );
  return frames.length > 0 ? frames.join(' < ') : '?';
}

/** A resource made before the trace started (the listening socket, the cluster's channel, early timers). */
function describe(resource: object): string {
  const timer = resource as TimerLike;
  const name = timer._onTimeout?.name ?? timer._onImmediate?.name;
  return `early ${resource?.constructor?.name ?? '?'}${name ? ` ${name}` : ''}`;
}

/** Starts the trace in this process; returns its stop. */
export function startLongTaskTrace(thresholdMs: number, logger: Logger): () => void {
  const log = new LongTaskLog(
    thresholdMs,
    () => performance.now(),
    threadSched,
    (stall) => logger.warn({ stall }, 'long task'),
    TICK_MS,
    () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    (owner, wallMs, cpuMs) =>
      logger.warn(
        { callback: { owner, wall_ms: Math.round(wallMs), cpu_ms: Math.round(cpuMs) } },
        'long callback',
      ),
  );
  // A resource's owner: a timer's function, or whatever created it (a request's continuations keep its path).
  const owners = new Map<number, string>();
  // The root owner of the callback under way (a route, a timer's function): what it creates inherits it.
  let current = '';
  const hook = createHook({
    init(asyncId, type, _trigger, resource) {
      if (type === 'Timeout' || type === 'Immediate') {
        const timer = resource as TimerLike;
        const name = (type === 'Timeout' ? timer._onTimeout?.name : timer._onImmediate?.name) ?? '';
        // A timer is named by its function or where it was set, not by who set it: the flush a
        // request's write schedules is the flush's, not the request's.
        owners.set(asyncId, `${type} ${name && name !== 'bound ' ? name : whereSet()}`);
      } else owners.set(asyncId, current || `${type} ${whereSet()}`);
    },
    before(asyncId) {
      current = owners.get(asyncId) ?? describe(executionAsyncResource());
      log.enter(current);
    },
    after() {
      log.exit();
      current = '';
    },
    destroy(asyncId) {
      owners.delete(asyncId);
    },
    promiseResolve(asyncId) {
      // Promises are destroyed only when collected: bound the map under a long run.
      if (owners.size > 200_000) owners.delete(asyncId);
    },
  });
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) log.gc(entry.startTime, entry.duration);
  });
  gcs.observe({ entryTypes: ['gc'] });
  const watchdog = setInterval(() => log.tick(), TICK_MS);
  watchdog.unref();
  active = (owner) => {
    current = owner;
    log.rename(owner);
  };
  naming = <T>(owner: string, start: () => T): T => {
    const outer = current;
    current = `loop ${owner}`;
    try {
      return start();
    } finally {
      current = outer;
    }
  };
  hook.enable();
  return () => {
    hook.disable();
    gcs.disconnect();
    clearInterval(watchdog);
    active = null;
    naming = null;
  };
}
