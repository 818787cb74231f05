import fs from 'node:fs';

// Who had the machine's cores while the open loop ran: per process its main thread and its other
// threads (V8's garbage-collection and compiler helpers, libuv's pool, worker threads: Node 20 does
// not name them apart), and the whole machine from /proc/stat, so that what ran outside the
// benchmark's processes (other work, the kernel) shows too. A worker's event loop that waits for a
// core (bench:load --loop-trace: most of a stall's time on a busy machine) waits for one of these.

/** CPU time in clock ticks (USER_HZ, 100 a second on Linux). */
export interface ProcessTicks {
  main: number;
  all: number;
}

export interface CoreSnapshot {
  /** Seconds, any monotonic origin. */
  at: number;
  /** The machine: ticks busy and ticks in all, over every core. */
  machine: { busy: number; total: number; cores: number };
  processes: Map<number, ProcessTicks>;
}

const ticksOf = (stat: string) => {
  // After the command name (which may hold spaces), utime and stime are the 12th and 13th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

function processTicks(pid: number): ProcessTicks | null {
  try {
    return {
      main: ticksOf(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
      all: ticksOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')),
    };
  } catch {
    return null;
  }
}

function machineTicks(): CoreSnapshot['machine'] {
  try {
    const lines = fs.readFileSync('/proc/stat', 'utf8').split('\n');
    const values = lines[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th.
    const busy = total - values[3]! - values[4]!;
    return { busy, total, cores: lines.filter((line) => /^cpu\d/.test(line)).length };
  } catch {
    return { busy: 0, total: 0, cores: 0 };
  }
}

/** The machine's and these processes' CPU time so far (Linux; zeros elsewhere). */
export function coreSnapshot(pids: readonly number[]): CoreSnapshot {
  const processes = new Map<number, ProcessTicks>();
  for (const pid of pids) {
    const ticks = processTicks(pid);
    if (ticks) processes.set(pid, ticks);
  }
  return { at: performance.now() / 1000, machine: machineTicks(), processes };
}

export interface CoreShares {
  /** Share of one core each, over the interval: a process's main thread and its other threads. */
  processes: Array<{ label: string; main: number; other: number }>;
  /** The machine's busy share of all its cores, and the share of one core outside these processes. */
  machineBusy: number;
  outside: number;
  cores: number;
}

/** What each process used between two snapshots, in shares of one core (100 ticks a second). */
export function coreShares(
  before: CoreSnapshot,
  after: CoreSnapshot,
  labels: ReadonlyMap<number, string>,
  hz = 100,
): CoreShares {
  const seconds = Math.max(1e-9, after.at - before.at);
  const processes: CoreShares['processes'] = [];
  let inside = 0;
  for (const [pid, label] of labels) {
    const start = before.processes.get(pid);
    const end = after.processes.get(pid);
    if (!start || !end) continue;
    const main = (end.main - start.main) / hz / seconds;
    const all = (end.all - start.all) / hz / seconds;
    inside += all;
    processes.push({ label, main, other: Math.max(0, all - main) });
  }
  const busyTicks = after.machine.busy - before.machine.busy;
  const totalTicks = after.machine.total - before.machine.total;
  const cores = after.machine.cores || 1;
  // The machine's busy ticks over the interval, in cores: /proc/stat counts every core's ticks.
  const busyCores = totalTicks > 0 ? (busyTicks / totalTicks) * cores : 0;
  return {
    processes,
    machineBusy: totalTicks > 0 ? busyTicks / totalTicks : 0,
    outside: Math.max(0, busyCores - inside),
    cores,
  };
}

const pct = (share: number) => `${Math.round(100 * share)} %`;

export function describeCoreShares(shares: CoreShares): string {
  const parts = shares.processes.map((p) => `${p.label} ${pct(p.main)} main + ${pct(p.other)} other threads`);
  return `    cores over the open loop (share of one core): ${parts.join('; ')}; outside these processes ${pct(shares.outside)}; the machine ${pct(shares.machineBusy)} busy of ${shares.cores} cores`;
}
