// Whether this API process should get traffic: its store, search engine and mail transport each
// answer within a short timeout. The checks run in parallel and their report is kept for a moment,
// so an orchestrator (or a crowd of them) polling /readyz cannot load the dependencies; and a
// dependency that has not answered yet is not asked again until it does, so a hung one does not
// pile up connections.

/** starting until the server listens; draining from SIGTERM on (lifecycle/request-drain.ts). */
export type LifecycleState = 'starting' | 'serving' | 'draining';

export const READINESS_TIMEOUT_MS = 1000;
export const READINESS_CACHE_MS = 1000;

/**
 * ok: answered; down: answered with an error; timeout: no answer within the timeout. A check may
 * also answer with a state of its own that is not ok: search says `loading` or `catching_up` while
 * its index is not current yet (search-service/search-freshness.ts).
 */
export type CheckState = 'ok' | 'down' | 'timeout' | 'loading' | 'catching_up';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckState>;
  /** The names of the checks that are not ok, in the order they were given. */
  failing: string[];
}

export interface ReadinessOptions {
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => number;
}

export class ReadinessProbe {
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private cached: { at: number; report: ReadinessReport } | null = null;
  private running: Promise<ReadinessReport> | null = null;
  /** Per check, its probe that has not settled yet. */
  private readonly unanswered = new Map<string, Promise<CheckState>>();

  /**
   * `checks`: a name for each dependency (store, search, mail) and how to ping it; a ping that
   * resolves with a state (a string) reports that state instead of ok.
   */
  constructor(
    private readonly checks: Record<string, () => Promise<unknown>>,
    options: ReadinessOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    this.cacheMs = options.cacheMs ?? READINESS_CACHE_MS;
    this.now = options.now ?? Date.now;
  }

  /** The last report when it is fresh enough, else a new one (joining one already under way). */
  check(): Promise<ReadinessReport> {
    if (this.cached && this.now() - this.cached.at < this.cacheMs) return Promise.resolve(this.cached.report);
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * For liveness: the last report at once, however old, while a fresh one is asked for in the
   * background; only the very first call waits. "Alive" must never wait on a slow dependency.
   */
  latest(): Promise<ReadinessReport> {
    const stale = this.cached;
    const fresh = this.check();
    return stale ? Promise.resolve(stale.report) : fresh;
  }

  private async run(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const states = await Promise.all(names.map((name) => this.ask(name)));
    const checks = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
    const failing = names.filter((name) => checks[name] !== 'ok');
    const report = { ready: failing.length === 0, checks, failing };
    this.cached = { at: this.now(), report };
    return report;
  }

  private ask(name: string): Promise<CheckState> {
    let answer = this.unanswered.get(name);
    if (!answer) {
      const settled = Promise.resolve()
        .then(this.checks[name]!)
        .then(
          (answer): CheckState => (typeof answer === 'string' ? (answer as CheckState) : 'ok'),
          (): CheckState => 'down',
        );
      answer = settled.finally(() => this.unanswered.delete(name));
      this.unanswered.set(name, answer);
    }
    return withTimeout(answer, this.timeoutMs);
  }
}

function withTimeout(answer: Promise<CheckState>, ms: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref();
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** The search check: the engine answers and its index is current (else `loading` or `catching_up`). */
export function searchCheck(
  engine: { ping(): Promise<unknown> },
  freshness: { readonly state: 'current' | 'loading' | 'catching_up' } | null,
): () => Promise<CheckState | undefined> {
  return async () => {
    await engine.ping();
    if (freshness && freshness.state !== 'current') return freshness.state;
  };
}
