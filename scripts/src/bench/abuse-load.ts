import http from 'node:http';
import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { facetFloodBody, longQuery, mcpSearchBatch, multiSearchBody } from './abuse-requests';
import { percentile } from './child-process';

import { addressOf } from './virtual-user';

// The two sides of `npm run bench:abuse`, each from its own client address (X-Forwarded-For, read
// by the API under TRUST_PROXY=1 as behind a production proxy), so the production per-client
// limits apply to each:
// - victims: an open loop of cheap reads (an agent's page data, a short search), each wait counted
//   from the request's scheduled start, so a stalled server cannot hide its delay;
// - one attacker: bursts of MCP batches, 20-search multi-search POSTs and a facet-filter flood,
//   sent on a schedule whatever the answers (at most `maxInFlight` unanswered at once). It runs in
//   a process of its own (abuse-attacker.ts), so building its bodies never delays a victim's send.

const TIMEOUT_MS = 60_000;

export interface Answer {
  /** The HTTP status, or 'timeout' / 'network'. */
  status: string;
  ms: number;
}

function send(
  agent: http.Agent,
  base: URL,
  address: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  const started = performance.now();
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve) => {
    const done = (status: string) => resolve({ status, ms: performance.now() - started });
    const outgoing = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: {
          accept: 'application/json',
          'x-forwarded-for': address,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...request.headers,
        },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => done(String(response.statusCode ?? 0)));
        response.on('error', () => done('network'));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error) => done(error.message === 'timeout' ? 'timeout' : 'network'));
    outgoing.end(body);
  });
}

export interface WaitFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status (200, 429, timeout…). */
  statuses: Record<string, number>;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function figuresOf(answers: Answer[]): WaitFigures {
  const waits = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    requests: answers.length,
    p50: waits.length ? round(percentile(waits, 0.5)) : 0,
    p99: waits.length ? round(percentile(waits, 0.99)) : 0,
    max: waits.length ? round(waits[waits.length - 1]!) : 0,
    statuses,
  };
}

export interface VictimOptions {
  clients: number;
  /** Requests a second per client (well under the read limit: 600 a minute). */
  rate: number;
  seconds: number;
  agentIds: readonly string[];
  queries: readonly string[];
}

/** Victims' cheap reads: GET /api/agents/{id} and GET /api/search, in turn, on a fixed schedule. */
export async function victims(baseUrl: string, options: VictimOptions): Promise<WaitFigures> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const answers: Answer[] = [];
  const interval = 1000 / (options.rate * options.clients);
  const total = Math.round(options.rate * options.clients * options.seconds);
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const client = i % options.clients;
    const turn = Math.floor(i / options.clients);
    const path =
      turn % 2 === 0
        ? `/api/agents/${options.agentIds[turn % options.agentIds.length]}`
        : `/api/search?${new URLSearchParams({ query: options.queries[turn % options.queries.length]! })}`;
    inFlight.push(
      send(agent, base, addressOf(77, client + 1), { method: 'GET', path }).then(({ status }) => {
        answers.push({ status, ms: performance.now() - scheduled });
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return figuresOf(answers);
}

export interface AttackOptions {
  seconds: number;
  burstMs: number;
  /** MCP POSTs a burst, each a batch of `calls` search_agents calls. */
  mcpPosts: number;
  calls: number;
  /** Multi-search POSTs a burst, each of `searches` searches. */
  multiPosts: number;
  searches: number;
  /** Facet-filter POSTs a burst, each with `facetValues` values. */
  facetPosts: number;
  facetValues: number;
  queryLength: number;
  maxInFlight: number;
  vocabulary: readonly string[];
  /** Seeds the queries, so every run sends the same. */
  seed: number;
}

export type AttackKind = 'mcp batch' | 'multi-search' | 'facet filter';

export interface AttackFigures {
  byKind: Partial<Record<AttackKind, WaitFigures>>;
  /** Sends skipped because `maxInFlight` were unanswered. */
  skipped: number;
}

/** One client's bursts of expensive POSTs, from one address, for `seconds`. */
export async function attacker(baseUrl: string, options: AttackOptions): Promise<AttackFigures> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight });
  const address = addressOf(66, 1);
  const answers = new Map<AttackKind, Answer[]>();
  const inFlight = new Set<Promise<void>>();
  let skipped = 0;
  const random = seededRandom(options.seed);
  const queries = (count: number) =>
    Array.from({ length: count }, () => longQuery(options.vocabulary, random, options.queryLength));
  const fire = (kind: AttackKind, path: string, body: unknown, headers?: Record<string, string>) => {
    if (inFlight.size >= options.maxInFlight) {
      skipped += 1;
      return;
    }
    const sent = send(agent, base, address, { method: 'POST', path, body, headers }).then((answer) => {
      const list = answers.get(kind) ?? [];
      list.push(answer);
      answers.set(kind, list);
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  };
  const mcpHeaders = { accept: 'application/json, text/event-stream' };
  const started = performance.now();
  for (let burst = 0; performance.now() - started < options.seconds * 1000; burst++) {
    for (let i = 0; i < options.mcpPosts; i++)
      fire('mcp batch', '/mcp', mcpSearchBatch(queries(options.calls)), mcpHeaders);
    for (let i = 0; i < options.multiPosts; i++)
      fire('multi-search', '/api/instantsearch/multi-search', multiSearchBody(queries(options.searches)));
    for (let i = 0; i < options.facetPosts; i++)
      fire('facet filter', '/api/instantsearch/multi-search', facetFloodBody(options.facetValues));
    const next = started + (burst + 1) * options.burstMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const byKind: AttackFigures['byKind'] = {};
  for (const [kind, list] of answers) byKind[kind] = figuresOf(list);
  return { byKind, skipped };
}
