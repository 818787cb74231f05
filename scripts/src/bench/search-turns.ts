// What each API worker's index was doing during a lost mirror's start (search-starts.ts), read from
// the API's own log lines: when a worker began waiting for another's load of the rebuilt index
// (c7b8575's load turn), when its index was loaded, when search answered from it. Issue 24: the
// slowest search of a lost mirror's start was an engine answer at 22-26 s, while the other worker
// loaded in its turn; with these moments beside each slow search, a run says which searches fell
// in that turn and which did not.

export type TurnEventKind = 'waits for its turn' | 'loaded' | 'current';

export interface TurnEvent {
  worker: string;
  kind: TurnEventKind;
  /** Seconds after the API was spawned. */
  atSeconds: number;
}

/** The messages (search-freshness.ts, index-snapshots.ts, embedded-engine.ts) and what they mark. */
const KINDS: Array<[string, TurnEventKind]> = [
  ['search index: waiting for another process to load the new index first', 'waits for its turn'],
  ['search index loaded', 'loaded'],
  ['search index current: search answers from it', 'current'],
];

/** The event a log line of the API marks, if any (other lines and lines that are not JSON: null). */
export function turnEventOf(line: string, atSeconds: number): TurnEvent | null {
  if (!line.startsWith('{')) return null;
  let entry: { msg?: unknown; worker?: unknown };
  try {
    entry = JSON.parse(line) as { msg?: unknown; worker?: unknown };
  } catch {
    return null;
  }
  const kind = KINDS.find(([msg]) => msg === entry.msg)?.[1];
  if (!kind) return null;
  return { worker: String(entry.worker ?? '0'), kind, atSeconds };
}

/**
 * Where a search asked at `atSeconds` fell: before any worker's index was current, in the span
 * between the first worker's index being current and the last one's (the others loading in their
 * turn), or once all were current.
 */
export function phaseAt(events: TurnEvent[], atSeconds: number): string {
  const current = events.filter((event) => event.kind === 'current').map((event) => event.atSeconds);
  if (current.length === 0 || atSeconds < Math.min(...current)) return 'no index current yet';
  const workers = new Set(events.map((event) => event.worker));
  const allCurrent = current.length >= workers.size ? Math.max(...current) : Number.POSITIVE_INFINITY;
  return atSeconds < allCurrent ? 'another worker loading in its turn' : 'every worker current';
}

/** "worker 1 waits for its turn 20.3 s, worker 0 loaded 21.9 s, ...": the run's moments, in order. */
export function turnsLine(events: TurnEvent[]): string {
  return [...events]
    .sort((a, b) => a.atSeconds - b.atSeconds)
    .map((event) => `worker ${event.worker} ${event.kind} ${event.atSeconds.toFixed(1)} s`)
    .join(', ');
}
