import type { SearchEngine } from '@agentry/platform/search/port';

// Fault injection at the search port: a real engine behind a switch. While the switch is on, every
// call fails at once with the error an unreachable Meilisearch gives (a refused connection under
// the client's "fetch failed"), so the API and the indexer meet the outage they would meet in
// production, while the index itself stays the real one and is there again when the switch goes off.

/** The chain of errors the Meilisearch adapter throws when nothing listens at MEILI_HOST. */
export function connectionRefused(what: string, host = 'http://127.0.0.1:7700'): Error {
  const { port } = new URL(host);
  const refused = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address: '127.0.0.1',
    port: Number(port),
  });
  const fetchFailed = new TypeError('fetch failed', { cause: refused });
  // Shaped as the adapter's MeiliError (meili/tasks.ts), which callers reach only through the port.
  const error = new Error(
    `Meilisearch could not ${what}: Request to ${host} has failed: fetch failed: ${refused.message}`,
    { cause: fetchFailed },
  );
  error.name = 'MeiliError';
  return error;
}

export interface SearchOutage {
  /** The engine to hand to the API or the indexer. */
  engine: SearchEngine;
  /** Whether calls fail now. */
  readonly down: boolean;
  goDown(): void;
  comeBack(): void;
  /** Calls refused since the outage began (how often the API and the indexer tried). */
  readonly refused: number;
}

/** `real` behind an outage switch; close() always reaches the real engine, so nothing leaks. */
export function withOutageSwitch(real: SearchEngine): SearchOutage {
  let down = false;
  let refused = 0;
  const gate =
    <A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (down) {
        refused += 1;
        throw connectionRefused(what);
      }
      return call(...args);
    };
  const engine: SearchEngine = {
    kind: real.kind,
    search: gate('search', (request) => real.search(request)),
    apply: gate('add documents', (batch) => real.apply(batch)),
    checkpoint: gate('read the checkpoint', () => real.checkpoint()),
    beginRebuild: gate('create an index', () => real.beginRebuild()),
    fingerprints: gate('list documents', () => real.fingerprints()),
    stats: gate('read index stats', () => real.stats()),
    ping: gate('report its health', () => real.ping()),
    close: () => real.close(),
  };
  return {
    engine,
    get down() {
      return down;
    },
    goDown() {
      down = true;
      refused = 0;
    },
    comeBack() {
      down = false;
    },
    get refused() {
      return refused;
    },
  };
}
