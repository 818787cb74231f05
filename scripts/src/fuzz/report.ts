import type { FuzzCase } from './cases';
import type { RawRequest, RawResponse } from './client';
import type { McpCase } from './mcp-cases';

/** The operation name of POST /mcp's failures (JSON-RPC: not an operation of docs/openapi.yaml). */
export const MCP_OPERATION = 'mcp';
/** POST /mcp's row in the summary. */
const MCP_ROW = 'POST /mcp (JSON-RPC)';

// Requests per endpoint, what they were answered, and every failure with what it takes to replay
// it: the seed, the operation, the case number and the request as it was sent.

export interface Failure {
  operation: string;
  index: number;
  kind: string;
  detail: string;
  caller: string;
  csrf: string;
  request: string;
  status: number | null;
  response: string;
  problems: string[];
  serverLog: string[];
}

export interface OperationStats {
  operation: string;
  route: string;
  requests: number;
  /** Answers per status class: "2xx", "3xx", "4xx", "5xx", and "none" when no answer came. */
  statuses: Record<string, number>;
  failures: number;
  /** Requests per kind of bad input. */
  kinds: Record<string, number>;
  /** Time spent on its requests and checks. */
  elapsedMs: number;
}

const excerpt = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;

function printable(buffer: Buffer | undefined): string {
  if (!buffer) return '';
  const text = buffer.toString('utf8');
  return excerpt(JSON.stringify(text).slice(1, -1));
}

export class FuzzReport {
  readonly stats = new Map<string, OperationStats>();
  readonly failures: Failure[] = [];
  rateLimitChecked = false;
  /** Operations whose body lists the cost check went through (cost-check.ts). */
  costsChecked: string[] = [];
  /** POST /mcp's pass (mcp-run.ts): its requests by status class, kind and caller; null when not run. */
  mcp: (Omit<OperationStats, 'operation' | 'route'> & { callers: Record<string, number> }) | null = null;
  /** Whether each MCP message of a batch was found to cost one read (mcp-costs.ts). */
  mcpCostsChecked = false;
  /** Cases of POST /mcp's pass asked for (replays name it). */
  mcpCases = 0;

  constructor(
    readonly seed: number,
    readonly perEndpoint: number,
    readonly store: string,
  ) {}

  get total(): number {
    return [...this.stats.values()].reduce((sum, stats) => sum + stats.requests, 0);
  }

  record(
    fuzzCase: FuzzCase,
    response: RawResponse | null,
    problems: string[],
    serverLog: string[],
    elapsedMs: number,
  ): void {
    const { operation } = fuzzCase;
    const stats = this.stats.get(operation.id) ?? {
      operation: operation.id,
      route: `${operation.method} ${operation.path}`,
      requests: 0,
      statuses: {},
      failures: 0,
      kinds: {},
      elapsedMs: 0,
    };
    stats.requests += 1;
    stats.kinds[fuzzCase.kind] = (stats.kinds[fuzzCase.kind] ?? 0) + 1;
    stats.elapsedMs += elapsedMs;
    const statusClass = response ? `${Math.floor(response.status / 100)}xx` : 'none';
    stats.statuses[statusClass] = (stats.statuses[statusClass] ?? 0) + 1;
    this.stats.set(operation.id, stats);
    if (problems.length === 0) return;
    stats.failures += 1;
    this.failures.push(failureOf(operation.id, fuzzCase, response, problems, serverLog));
  }

  /** One request of POST /mcp's pass, as record() does for an operation's. */
  recordMcp(
    fuzzCase: McpCase,
    response: RawResponse | null,
    problems: string[],
    serverLog: string[],
    elapsedMs: number,
  ): void {
    this.mcp ??= { requests: 0, statuses: {}, failures: 0, kinds: {}, callers: {}, elapsedMs: 0 };
    const stats = this.mcp;
    stats.requests += 1;
    stats.kinds[fuzzCase.kind] = (stats.kinds[fuzzCase.kind] ?? 0) + 1;
    stats.callers[fuzzCase.caller] = (stats.callers[fuzzCase.caller] ?? 0) + 1;
    stats.elapsedMs += elapsedMs;
    const statusClass = response ? `${Math.floor(response.status / 100)}xx` : 'none';
    stats.statuses[statusClass] = (stats.statuses[statusClass] ?? 0) + 1;
    if (problems.length === 0) return;
    stats.failures += 1;
    this.failures.push(failureOf(MCP_OPERATION, { ...fuzzCase, csrf: '-' }, response, problems, serverLog));
  }

  /** Adds a failure that is not one request's (the rate limit check, the cost check). */
  fail(operation: string, detail: string, problems: string[], kind = 'rate-limit'): void {
    this.failures.push({
      operation,
      index: -1,
      kind,
      detail,
      caller: '-',
      csrf: '-',
      request: detail,
      status: null,
      response: '',
      problems,
      serverLog: [],
    });
  }

  format(elapsedMs: number): string {
    const rows = [...this.stats.values()];
    const width = Math.max(...rows.map((row) => row.route.length), this.mcp ? MCP_ROW.length : 0, 10);
    const classes = ['2xx', '3xx', '4xx', '5xx', 'none'];
    const lines = [
      `Fuzzed ${rows.length} operations of docs/openapi.yaml on the ${this.store} store: ${this.total} requests, ${this.failures.length} failures, in ${(elapsedMs / 1000).toFixed(1)} s.`,
      `Seed ${this.seed}, ${this.perEndpoint} per endpoint (replay: npm run test:fuzz -- --seed ${this.seed} --per-endpoint ${this.perEndpoint}).`,
      '',
      `${'endpoint'.padEnd(width)}  requests  ${classes.map((name) => name.padStart(5)).join(' ')}  failures  seconds`,
      ...rows.map(
        (row) =>
          `${row.route.padEnd(width)}  ${String(row.requests).padStart(8)}  ${classes
            .map((name) => String(row.statuses[name] ?? 0).padStart(5))
            .join(
              ' ',
            )}  ${String(row.failures).padStart(8)}  ${(row.elapsedMs / 1000).toFixed(1).padStart(7)}`,
      ),
      ...(this.mcp
        ? [
            `${MCP_ROW.padEnd(width)}  ${String(this.mcp.requests).padStart(8)}  ${classes
              .map((name) => String(this.mcp?.statuses[name] ?? 0).padStart(5))
              .join(
                ' ',
              )}  ${String(this.mcp.failures).padStart(8)}  ${(this.mcp.elapsedMs / 1000).toFixed(1).padStart(7)}`,
          ]
        : []),
      '',
      `429 answered as JSON: ${this.rateLimitChecked ? 'yes' : 'not checked'}`,
      `MCP batches paid per message: ${this.mcpCostsChecked ? 'yes' : 'not checked'}`,
      `Body lists bounded and batches paid per item: ${this.costsChecked.length ? this.costsChecked.join(', ') : 'none checked'}`,
    ];
    for (const failure of this.failures) {
      lines.push(
        '',
        `FAILURE ${failure.operation} case ${failure.index} (${failure.kind}: ${failure.detail}) as ${failure.caller}, CSRF ${failure.csrf}`,
        `  problems: ${failure.problems.join('; ')}`,
        `  request: ${failure.request}`,
        `  answer: ${failure.status ?? '-'} ${failure.response}`,
        ...failure.serverLog.map((line) => `  server log: ${line}`),
        `  replay: npm run test:fuzz -- --seed ${this.seed} ${failure.operation === MCP_OPERATION ? `--mcp ${this.mcpCases}` : `--per-endpoint ${this.perEndpoint}`} --only ${failure.operation}`,
      );
    }
    return lines.join('\n');
  }
}

function failureOf(
  operation: string,
  fuzzCase: {
    index: number;
    kind: string;
    detail: string;
    caller: string;
    csrf: string;
    request: RawRequest;
  },
  response: RawResponse | null,
  problems: string[],
  serverLog: string[],
): Failure {
  const { request } = fuzzCase;
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${excerpt(value, 120)}`)
    .join('\n    ');
  return {
    operation,
    index: fuzzCase.index,
    kind: fuzzCase.kind,
    detail: fuzzCase.detail,
    caller: fuzzCase.caller,
    csrf: fuzzCase.csrf,
    request: `${request.method} ${excerpt(request.path, 300)}\n    ${headers}\n\n    ${printable(request.body)}`,
    status: response?.status ?? null,
    response: response ? excerpt(response.text) : '(no answer)',
    problems,
    serverLog: serverLog.map((line) => excerpt(line, 1500)),
  };
}
