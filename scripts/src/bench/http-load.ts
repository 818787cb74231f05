import http from 'node:http';
import { percentile } from './child-process';
import { type GeneratorHealth, GeneratorWatch } from './generator-health';
import { LatencySpans } from './latency-spans';
import { type SearchTail, SearchTails, timingOf } from './search-tail';
import type { PlannedRequest, RequestKind } from './traffic-mix';
import { addressOf } from './virtual-user';

// Two ways to load a server with planned requests, each recording per-kind latencies:
// - closed loop: N clients, each sends its next request when the previous one answered (the
//   server's saturation throughput);
// - open loop: requests leave on a fixed schedule whether or not earlier ones answered, and each
//   latency counts from the scheduled start, so a stalled server cannot hide its delay behind a
//   slower sender (coordinated omission).
// Plain node:http with keep-alive: the generator shares the machine, so it must be cheap.

export interface KindFigures {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** The server's own time (its Server-Timing `app;dur`): p99, when its answers said it. */
  serverP99?: number;
  /** Pages sent without their server rendering because the worker was behind (Server-Timing `render-skipped`). */
  unrendered?: number;
}

/** Whether an answer's Server-Timing says its page went out unrendered (server/src/routes/web/server-render.ts). */
export function unrenderedOf(header: string | string[] | undefined): boolean {
  return (Array.isArray(header) ? header.join(', ') : (header ?? '')).includes('render-skipped');
}

/** `app;dur=MS` of an answer's Server-Timing (request-log.ts), or null. */
export function serverMsOf(header: string | string[] | undefined): number | null {
  return timingOf(header, 'app');
}

export interface LoadFigures {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  /** Error answers by status ("timeout" and "network" for the others), for the report. */
  errorKinds: Record<string, number>;
  p50: number;
  p99: number;
  byKind: Partial<Record<RequestKind, KindFigures>>;
  /** The open loop's watch on the generator itself (generator-health.ts). */
  generator?: GeneratorHealth;
  /** The open loop's p99 (all kinds) span by span of its schedule (latency-spans.ts). */
  spans?: ReturnType<LatencySpans['p99s']>;
  /** Where the open loop's slowest distinct searches waited (search-tail.ts). */
  searchTail?: SearchTail | null;
}

const TIMEOUT_MS = 30_000;

class Recorder {
  private readonly latencies = new Map<RequestKind, number[]>();
  private readonly serverTimes = new Map<RequestKind, number[]>();
  private readonly errors = new Map<RequestKind, number>();
  readonly errorKinds: Record<string, number> = {};

  private readonly unrendered = new Map<RequestKind, number>();

  /** Notes an answer's Server-Timing: its server time, and whether its page went out unrendered. */
  recordTiming(kind: RequestKind, header: string | string[] | undefined) {
    this.recordServer(kind, serverMsOf(header));
    if (unrenderedOf(header)) this.unrendered.set(kind, (this.unrendered.get(kind) ?? 0) + 1);
  }

  recordServer(kind: RequestKind, ms: number | null) {
    if (ms === null) return;
    const list = this.serverTimes.get(kind);
    if (list) list.push(ms);
    else this.serverTimes.set(kind, [ms]);
  }

  record(kind: RequestKind, ms: number, error: string | null) {
    let list = this.latencies.get(kind);
    if (!list) {
      list = [];
      this.latencies.set(kind, list);
    }
    list.push(ms);
    if (error) {
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      this.errorKinds[error] = (this.errorKinds[error] ?? 0) + 1;
    }
  }

  figures(seconds: number): LoadFigures {
    const all: number[] = [];
    const byKind: LoadFigures['byKind'] = {};
    let errors = 0;
    for (const [kind, list] of this.latencies) {
      list.sort((a, b) => a - b);
      all.push(...list);
      const kindErrors = this.errors.get(kind) ?? 0;
      errors += kindErrors;
      const server = this.serverTimes.get(kind)?.sort((a, b) => a - b);
      byKind[kind] = {
        requests: list.length,
        errors: kindErrors,
        p50: round(percentile(list, 0.5)),
        p99: round(percentile(list, 0.99)),
        max: round(list[list.length - 1]!),
        ...(server?.length ? { serverP99: round(percentile(server, 0.99)) } : {}),
        ...(this.unrendered.has(kind) ? { unrendered: this.unrendered.get(kind) } : {}),
      };
    }
    all.sort((a, b) => a - b);
    return {
      seconds,
      requests: all.length,
      requestsPerSecond: Math.round(all.length / seconds),
      errors,
      errorKinds: this.errorKinds,
      p50: all.length ? round(percentile(all, 0.5)) : 0,
      p99: all.length ? round(percentile(all, 0.99)) : 0,
      byKind,
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Visitors come from many addresses: each request names one of VISITOR_ADDRESSES in
 * X-Forwarded-For (read by the API when TRUST_PROXY is set, as behind a production proxy), so the
 * per-client limits run at their production settings and refuse only a client that passes its own.
 */
const VISITOR_ADDRESSES = 5000;
let sent = 0;

/**
 * One GET; resolves with the error kind, or null for a 2xx/3xx answer read to its end.
 * `answered` is told the local port of the connection the answer came on (worker-balance.ts), and
 * `timed` the server's own time for it (its Server-Timing's app;dur).
 */
function send(
  agent: http.Agent,
  base: URL,
  path: string,
  answered?: (localPort: number | undefined) => void,
  timed?: (serverTiming: string | string[] | undefined) => void,
): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        headers: { accept: '*/*', 'x-forwarded-for': addressOf(0, sent++ % VISITOR_ADDRESSES) },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const localPort = response.socket?.localPort;
        timed?.(response.headers['server-timing']);
        response.on('data', () => {});
        response.on('end', () => {
          answered?.(localPort);
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 400 ? null : String(status));
        });
        response.on('error', () => resolve('network'));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error.message === 'timeout' ? 'timeout' : 'network'));
  });
}

export async function closedLoop(
  baseUrl: string,
  plan: readonly PlannedRequest[],
  options: { clients: number; seconds: number },
): Promise<LoadFigures> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  // Every client connects first (one small request each, not counted): the figures are about
  // serving requests, not about a burst of N connections opened in the same millisecond.
  await Promise.all(Array.from({ length: options.clients }, () => send(agent, base, '/livez')));
  const recorder = new Recorder();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let next = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const request = plan[next++ % plan.length]!;
      const t = performance.now();
      const error = await send(agent, base, request.path, undefined, (header) =>
        recorder.recordTiming(request.kind, header),
      );
      recorder.record(request.kind, performance.now() - t, error);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  agent.destroy();
  return recorder.figures((performance.now() - started) / 1000);
}

export async function openLoop(
  baseUrl: string,
  plan: readonly PlannedRequest[],
  options: {
    rate: number;
    seconds: number;
    answered?: (localPort: number | undefined) => void;
    /** Told the schedule's origin (performance.now()) as the first request leaves (restart-under-traffic.ts). */
    onStart?: (startedAt: number) => void;
    /** Told each answer: its kind, when it was scheduled (ms from the origin), its latency, whether it failed. */
    onAnswer?: (kind: RequestKind, scheduledAtMs: number, ms: number, error: boolean) => void;
  },
): Promise<LoadFigures> {
  const base = new URL(baseUrl);
  // As many sockets as it takes: an open loop never waits for a free connection to send.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
  const recorder = new Recorder();
  const spans = new LatencySpans();
  const tails = new SearchTails();
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const watch = new GeneratorWatch();
  watch.start();
  const started = performance.now();
  options.onStart?.(started);
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    watch.lateBy(performance.now() - scheduled);
    const request = plan[i % plan.length]!;
    let timing: string | string[] | undefined;
    inFlight.push(
      send(agent, base, request.path, options.answered, (header) => {
        timing = header;
        recorder.recordTiming(request.kind, header);
      }).then((error) => {
        const ms = performance.now() - scheduled;
        recorder.record(request.kind, ms, error);
        spans.add(scheduled - started, ms);
        options.onAnswer?.(request.kind, scheduled - started, ms, error !== null);
        if (request.kind === 'search' && !error) tails.add(ms, timing);
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    ...recorder.figures(options.seconds),
    generator: watch.stop(),
    spans: spans.p99s(),
    searchTail: tails.slowest(0.01),
  };
}
