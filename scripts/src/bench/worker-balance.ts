import { execFile } from 'node:child_process';
import fs from 'node:fs';

// How a load was shared between the API's workers, seen from outside them (issue 24: under the
// open loop one worker was idle 40 % of the time, the other 9 %). The generator counts its answers
// per connection (by the connection's local port); `ss` says which process holds the server end of
// each connection (the supervisor accepts a connection and hands it to a worker, which then alone
// holds it); /proc says how much CPU each worker's main thread (its event loop: every request's
// JavaScript) used meanwhile. Nothing in the API is asked or changed to tell.

export interface WorkerShare {
  pid: number;
  /** AGENTRY_WORKER of the process (0 is the leader: the indexer and the upkeep timers run there). */
  worker: string;
  /** Answers read on connections this worker held. */
  answers: number;
  /** Connections of the load seen held by this worker. */
  connections: number;
  /** Seconds of CPU its main thread used over the window, divided by the window's seconds. */
  busy: number;
}

export interface BalanceFigures {
  workers: WorkerShare[];
  /** Answers on connections that closed before `ss` saw them (too short-lived to attribute). */
  unattributed: number;
}

/** Client port → server process, from `ss -tnpH` lines whose local end is the server's port. */
export function connectionOwners(ssOutput: string, serverPort: number): Map<number, number> {
  const owners = new Map<number, number>();
  for (const line of ssOutput.split('\n')) {
    // Recv-Q Send-Q Local:Port Peer:Port users:(("node",pid=N,fd=F))
    const fields = line.trim().split(/\s+/);
    if (fields.length < 5) continue;
    const local = fields[2]!;
    const peer = fields[3]!;
    if (Number(local.slice(local.lastIndexOf(':') + 1)) !== serverPort) continue;
    const pid = /pid=(\d+)/.exec(line)?.[1];
    if (!pid) continue;
    owners.set(Number(peer.slice(peer.lastIndexOf(':') + 1)), Number(pid));
  }
  return owners;
}

/** Each worker's answers and connections, from the counts per client port and who held each port. */
export function sharesOf(
  answersByPort: ReadonlyMap<number, number>,
  owners: ReadonlyMap<number, number>,
  workerPids: readonly number[],
  busyByPid: ReadonlyMap<number, number>,
): BalanceFigures {
  const workers = new Map<number, WorkerShare>(
    workerPids.map((pid) => [
      pid,
      { pid, worker: workerOf(pid), answers: 0, connections: 0, busy: busyByPid.get(pid) ?? 0 },
    ]),
  );
  let unattributed = 0;
  for (const [port, answers] of answersByPort) {
    const share = workers.get(owners.get(port) ?? -1);
    if (!share) {
      unattributed += answers;
      continue;
    }
    share.answers += answers;
    share.connections += 1;
  }
  return { workers: [...workers.values()], unattributed };
}

/** The worker number the supervisor gave a process (its AGENTRY_WORKER), or "?" once it is gone. */
function workerOf(pid: number): string {
  try {
    const environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return environment.find((entry) => entry.startsWith('AGENTRY_WORKER='))?.slice(15) ?? '?';
  } catch {
    return '?';
  }
}

/** CPU seconds used so far by a process's main thread (its task with the process's own id). */
function mainThreadCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces), utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * How often `ss` is asked who holds each connection. `ss -p` reads every process's open files:
 * 10-20 ms of CPU a call on this machine, taken from the two cores the API runs on, so once a
 * second (it was five times): the load's connections are kept alive and outlive a second.
 */
const SAMPLE_EVERY_MS = 1000;

/** Watches a load's connections while it runs: start(), count() per answer, then stop(). */
export class WorkerBalance {
  private readonly owners = new Map<number, number>();
  private readonly answersByPort = new Map<number, number>();
  private readonly cpuAtStart = new Map<number, number>();
  private startedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  constructor(
    private readonly serverPort: number,
    private readonly workerPids: readonly number[],
  ) {}

  start(): void {
    this.startedAt = performance.now();
    for (const pid of this.workerPids) this.cpuAtStart.set(pid, mainThreadCpuSeconds(pid));
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample());
    }, SAMPLE_EVERY_MS);
  }

  /** One answer read on the connection with this local port. */
  count(localPort: number | undefined): void {
    if (localPort === undefined) return;
    this.answersByPort.set(localPort, (this.answersByPort.get(localPort) ?? 0) + 1);
  }

  async stop(): Promise<BalanceFigures> {
    const seconds = (performance.now() - this.startedAt) / 1000;
    const busy = new Map(
      this.workerPids.map((pid) => [pid, (mainThreadCpuSeconds(pid) - this.cpuAtStart.get(pid)!) / seconds]),
    );
    clearInterval(this.timer);
    await this.sampling;
    return sharesOf(this.answersByPort, this.owners, this.workerPids, busy);
  }

  private sample(): Promise<void> {
    return new Promise((resolve) => {
      execFile('ss', ['-tnpH', 'state', 'established'], { maxBuffer: 16 << 20 }, (error, stdout) => {
        if (!error)
          for (const [port, pid] of connectionOwners(stdout, this.serverPort)) this.owners.set(port, pid);
        resolve();
      });
    });
  }
}

/** One line per worker: answers (share), connections, main-thread busy share. */
export function describeBalance(figures: BalanceFigures): string[] {
  const total = figures.workers.reduce((sum, share) => sum + share.answers, 0) + figures.unattributed;
  const percent = (part: number) => `${total ? Math.round((100 * part) / total) : 0} %`;
  return [
    ...figures.workers.map(
      (share) =>
        `    worker ${share.worker} (pid ${share.pid}): ${share.answers} answers (${percent(share.answers)}) on ${share.connections} connections, main thread busy ${Math.round(100 * share.busy)} %`,
    ),
    ...(figures.unattributed
      ? [
          `    ${figures.unattributed} answers (${percent(figures.unattributed)}) on connections too short to attribute`,
        ]
      : []),
  ];
}
