// `bench:load --loop-trace MS`: the API's workers run with LOOP_TRACE_MS (server/src/http/
// long-task-trace.ts) and this reads their 'long task' and 'long callback' log lines, keeping those
// of the measured window, into the answer to "what held a worker's event loop": how much of the
// stalled time the worker's main thread was on a core, waiting in the run queue for one (the
// machine's cores busy with other threads: the generator, the other worker, garbage collectors),
// or asleep; which owners ran in the stalls, by the CPU they used; and the callbacks that used
// more than half the threshold of CPU on their own.

interface Stall {
  blocked_ms: number;
  callbacks_ms: number;
  thread_cpu_ms: number | null;
  run_queue_ms: number | null;
  gc_ms: number;
  top: string[];
}

interface Owner {
  callbacks: number;
  wallMs: number;
  cpuMs: number;
  maxWallMs: number;
}

export interface LoopTraceFigures {
  stalls: number;
  /** Stalled windows' length (from the last on-time tick to the late one), ms. */
  stalledMs: number;
  onCoreMs: number;
  runQueueMs: number;
  /** The rest: the thread slept (a system call, a lock) or the figures were missing. */
  asleepMs: number;
  gcMs: number;
  longestMs: number;
  /** Owners in the stalls, most CPU first. */
  owners: Array<{ owner: string } & Owner>;
  /** Callbacks over half the threshold of CPU on their own, by owner: count and the most CPU. */
  longCallbacks: Array<{ owner: string; count: number; maxCpuMs: number; maxWallMs: number }>;
}

export class LoopTraceSummary {
  private readonly stalls: Array<{ at: number; stall: Stall }> = [];
  private readonly callbacks: Array<{ at: number; owner: string; wallMs: number; cpuMs: number }> = [];

  /** The watchdog's tick: what a stall's window adds to its lateness. */
  constructor(private readonly tickMs = 20) {}

  /** One line of a worker's log; lines that are not the trace's are ignored (and given to `echo`, if any, all). */
  add(line: string, echo?: (line: string) => void): void {
    echo?.(line);
    if (!line.includes('"long task"') && !line.includes('"long callback"')) return;
    let entry: {
      time?: string | number;
      stall?: Stall;
      callback?: { owner: string; wall_ms: number; cpu_ms: number };
    };
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    const at = typeof entry.time === 'number' ? entry.time : Date.parse(String(entry.time));
    if (entry.stall) this.stalls.push({ at, stall: entry.stall });
    else if (entry.callback)
      this.callbacks.push({
        at,
        owner: entry.callback.owner,
        wallMs: entry.callback.wall_ms,
        cpuMs: entry.callback.cpu_ms,
      });
  }

  /** The figures of the lines logged between from and to (ms since the epoch). */
  figures(from: number, to: number): LoopTraceFigures {
    const stalls = this.stalls.filter(({ at }) => at >= from && at <= to).map(({ stall }) => stall);
    const owners = new Map<string, Owner>();
    let stalledMs = 0;
    let onCoreMs = 0;
    let runQueueMs = 0;
    let gcMs = 0;
    let longestMs = 0;
    for (const stall of stalls) {
      const window = stall.blocked_ms + this.tickMs;
      stalledMs += window;
      onCoreMs += Math.min(window, stall.thread_cpu_ms ?? 0);
      runQueueMs += Math.min(window, stall.run_queue_ms ?? 0);
      gcMs += stall.gc_ms;
      longestMs = Math.max(longestMs, stall.blocked_ms);
      for (const entry of stall.top) {
        // `owner count total_ms max_ms cpu_ms`: the owner may hold spaces, the four figures do not.
        const parts = entry.split(' ');
        const [count, wall, max, cpu] = parts.slice(-4).map(Number) as [number, number, number, number];
        const owner = parts.slice(0, -4).join(' ');
        const o = owners.get(owner) ?? { callbacks: 0, wallMs: 0, cpuMs: 0, maxWallMs: 0 };
        o.callbacks += count;
        o.wallMs += wall;
        o.cpuMs += cpu;
        o.maxWallMs = Math.max(o.maxWallMs, max);
        owners.set(owner, o);
      }
    }
    const long = new Map<string, { count: number; maxCpuMs: number; maxWallMs: number }>();
    for (const c of this.callbacks) {
      if (c.at < from || c.at > to) continue;
      const l = long.get(c.owner) ?? { count: 0, maxCpuMs: 0, maxWallMs: 0 };
      l.count += 1;
      l.maxCpuMs = Math.max(l.maxCpuMs, c.cpuMs);
      l.maxWallMs = Math.max(l.maxWallMs, c.wallMs);
      long.set(c.owner, l);
    }
    return {
      stalls: stalls.length,
      stalledMs,
      onCoreMs,
      runQueueMs,
      asleepMs: Math.max(0, stalledMs - onCoreMs - runQueueMs),
      gcMs,
      longestMs,
      owners: [...owners.entries()].map(([owner, o]) => ({ owner, ...o })).sort((a, b) => b.cpuMs - a.cpuMs),
      longCallbacks: [...long.entries()]
        .map(([owner, l]) => ({ owner, ...l }))
        .sort((a, b) => b.count * b.maxCpuMs - a.count * a.maxCpuMs),
    };
  }
}

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)} %` : '—');

/** The figures as the benchmark prints them. */
export function describeLoopTrace(f: LoopTraceFigures, top = 8): string[] {
  const lines = [
    `    loop trace: ${f.stalls} stalls over the threshold, ${(f.stalledMs / 1000).toFixed(1)} s in all, the longest ${f.longestMs} ms; ` +
      `the worker's main thread on a core ${share(f.onCoreMs, f.stalledMs)}, waiting for a core ${share(f.runQueueMs, f.stalledMs)}, ` +
      `asleep ${share(f.asleepMs, f.stalledMs)}; garbage collection ${Math.round(f.gcMs)} ms`,
  ];
  for (const o of f.owners.slice(0, top))
    lines.push(
      `      ${o.owner}: ${o.callbacks} callbacks in stalls, ${Math.round(o.wallMs)} ms wall, ${Math.round(o.cpuMs)} ms CPU, longest ${o.maxWallMs.toFixed(1)} ms`,
    );
  for (const l of f.longCallbacks.slice(0, top))
    lines.push(
      `      long callback ${l.owner}: ${l.count}, at most ${l.maxCpuMs} ms CPU (${l.maxWallMs} ms wall)`,
    );
  return lines;
}
