import { percentile, processTree } from './child-process';
import type { RequestKind } from './traffic-mix';

// `bench:load --restart-at S` (issue 24): one API worker killed S seconds into the open loop, as a
// crash would (SIGKILL), and started again by the supervisor while the load goes on. What a
// restarted worker does before and with its first requests (its index loaded, the page renderer,
// its cold code) then meets traffic, which the warm runs never show. Said per second of the
// schedule from the kill on (every kind's p99, and each kind's over the seconds after it), with
// the event-loop spikes the restarted worker logged (its 'event loop delay spike' lines).

/** Seconds of the schedule after the kill that the per-kind figures cover. */
export const AFTER_KILL_S = 10;

interface Spike {
  /** Seconds from the kill to the spike's log line. */
  atS: number;
  maxMs: number;
  p99Ms: number;
}

export interface RestartFigures {
  /** When the worker was killed, seconds into the open loop's schedule. */
  killedAtS: number;
  killedPid: number;
  /** The worker started in its place (null: none seen) and how long after the kill it was seen. */
  newPid: number | null;
  forkedAfterS: number | null;
  /** All kinds' p99 per second of the schedule, from one second before the kill. */
  perSecond: Array<{ fromS: number; p99: number; count: number; errors: number }>;
  /** Each kind's p99 and max over AFTER_KILL_S seconds from the kill. */
  byKind: Partial<Record<RequestKind, { requests: number; p99: number; max: number }>>;
  /** The new worker's logged event-loop spikes (over 50 ms), and the old ones' after the kill. */
  newWorkerSpikes: Spike[];
  otherSpikes: Spike[];
}

/** Watches one restart: kill() at the time, answer() per answer, line() per API log line. */
export class RestartUnderTraffic {
  private killedAt = 0;
  private killedPid = 0;
  private before: number[] = [];
  private newPid: number | null = null;
  private forkedAt: number | null = null;
  private poll: NodeJS.Timeout | undefined;
  private readonly answers: Array<{ kind: RequestKind; atMs: number; ms: number; error: boolean }> = [];
  private readonly spikes: Array<{ pid: number; at: number; maxMs: number; p99Ms: number }> = [];

  constructor(
    private readonly apiPid: number,
    private readonly atMs: number,
    private readonly log: (line: string) => void,
  ) {}

  /** Called when the open loop starts: arms the kill; `startedAt` is the schedule's origin (performance.now()). */
  arm(startedAt: number): void {
    setTimeout(() => this.kill(startedAt), Math.max(0, startedAt + this.atMs - performance.now()));
  }

  private kill(startedAt: number): void {
    this.before = processTree(this.apiPid).slice(1);
    // The last worker: not the leader (worker 0 runs the indexer and the upkeep).
    const victim = this.before.at(-1);
    if (victim === undefined) {
      this.log('  restart: no worker to kill');
      return;
    }
    this.killedAt = performance.now() - startedAt;
    this.killedPid = victim;
    process.kill(victim, 'SIGKILL');
    this.log(`  restart: worker ${victim} killed ${(this.killedAt / 1000).toFixed(1)} s into the open loop`);
    this.poll = setInterval(() => {
      const fresh = processTree(this.apiPid)
        .slice(1)
        .find((pid) => !this.before.includes(pid));
      if (fresh === undefined) return;
      this.newPid = fresh;
      this.forkedAt = performance.now() - startedAt;
      clearInterval(this.poll);
    }, 50);
  }

  /** One answer of the open loop: its kind, when it was scheduled (ms from the start), its latency. */
  answer(kind: RequestKind, scheduledAtMs: number, ms: number, error: boolean): void {
    this.answers.push({ kind, atMs: scheduledAtMs, ms, error });
  }

  /** One line of the API's log: its event-loop spikes are kept (with the pid that logged them). */
  line(text: string): void {
    if (!text.includes('"event loop delay spike"')) return;
    try {
      const entry = JSON.parse(text) as {
        pid: number;
        time: number | string;
        eventLoop: { max_ms: number; p99_ms: number };
      };
      const at = typeof entry.time === 'number' ? entry.time : Date.parse(String(entry.time));
      this.spikes.push({ pid: entry.pid, at, maxMs: entry.eventLoop.max_ms, p99Ms: entry.eventLoop.p99_ms });
    } catch {
      // Not a JSON line: not the monitor's.
    }
  }

  /** The figures, logged; `epochAtStart` is Date.now() when the open loop started (to place the log lines). */
  report(epochAtStart: number): RestartFigures {
    const figures = this.figures(epochAtStart);
    for (const line of describeRestart(figures)) this.log(line);
    return figures;
  }

  figures(epochAtStart: number): RestartFigures {
    clearInterval(this.poll);
    const fromS = Math.max(0, Math.floor(this.killedAt / 1000) - 1);
    const perSecond: RestartFigures['perSecond'] = [];
    const byKindLists = new Map<RequestKind, number[]>();
    for (const { kind, atMs, ms, error } of this.answers) {
      const second = Math.floor(atMs / 1000);
      if (second >= fromS) {
        const row = second - fromS;
        while (perSecond.length <= row)
          perSecond.push({ fromS: fromS + perSecond.length, p99: 0, count: 0, errors: 0 });
        perSecond[row]!.count += 1;
        if (error) perSecond[row]!.errors += 1;
      }
      if (atMs >= this.killedAt && atMs < this.killedAt + AFTER_KILL_S * 1000) {
        const list = byKindLists.get(kind) ?? [];
        list.push(ms);
        byKindLists.set(kind, list);
      }
    }
    for (const row of perSecond) {
      const list = this.answers
        .filter(({ atMs }) => Math.floor(atMs / 1000) === row.fromS)
        .map(({ ms }) => ms)
        .sort((a, b) => a - b);
      row.p99 = list.length ? Math.round(percentile(list, 0.99)) : 0;
    }
    const byKind: RestartFigures['byKind'] = {};
    for (const [kind, list] of byKindLists) {
      list.sort((a, b) => a - b);
      byKind[kind] = {
        requests: list.length,
        p99: Math.round(percentile(list, 0.99)),
        max: Math.round(list.at(-1)!),
      };
    }
    const killedEpoch = epochAtStart + this.killedAt;
    const spike = ({ at, maxMs, p99Ms }: (typeof this.spikes)[number]): Spike => ({
      atS: Math.round((at - killedEpoch) / 100) / 10,
      maxMs,
      p99Ms,
    });
    return {
      killedAtS: Math.round(this.killedAt / 100) / 10,
      killedPid: this.killedPid,
      newPid: this.newPid,
      forkedAfterS: this.forkedAt === null ? null : Math.round((this.forkedAt - this.killedAt) / 100) / 10,
      perSecond,
      byKind,
      newWorkerSpikes: this.spikes.filter(({ pid }) => pid === this.newPid).map(spike),
      otherSpikes: this.spikes.filter(({ pid, at }) => pid !== this.newPid && at >= killedEpoch).map(spike),
    };
  }
}

/** The report's lines. */
export function describeRestart(figures: RestartFigures): string[] {
  const spikes = (list: Spike[]) =>
    list.length ? list.map((s) => `+${s.atS} s max ${s.maxMs} ms (p99 ${s.p99Ms})`).join(', ') : 'none';
  return [
    `  restart: worker ${figures.killedPid} killed at ${figures.killedAtS} s; worker ${figures.newPid ?? '?'} forked ${figures.forkedAfterS ?? '?'} s later`,
    `    p99 per second from ${figures.perSecond[0]?.fromS ?? 0} s (ms, errors in brackets): ${figures.perSecond
      .map((row) => `${row.p99}${row.errors ? ` (${row.errors})` : ''}`)
      .join(', ')}`,
    `    each kind over the ${AFTER_KILL_S} s from the kill: ${Object.entries(figures.byKind)
      .map(([kind, k]) => `${kind} p99 ${k.p99} max ${k.max} (${k.requests})`)
      .join('; ')}`,
    `    the new worker's logged event-loop spikes (first per 10 s, from the kill): ${spikes(figures.newWorkerSpikes)}`,
    `    the other workers' after the kill: ${spikes(figures.otherSpikes)}`,
  ];
}
