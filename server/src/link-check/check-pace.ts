// How fast the checker starts checks: its settings, the pace while the process is busy, and the
// margin kept between two requests to one host.

/**
 * Checks started a second while the process is busy answering requests (settings.busy): the checks
 * are background work (a listing is due once a day: 100,000 agents need 1.2 a second), and at
 * maxPerSecond (20) they took 3-4 % of the first worker's time under the whole-product load,
 * beside the requests waiting for that worker (BENCHMARKS.md, issue 21).
 */
export const BUSY_PER_SECOND = 2;

/** Checks a second the checker may start now: maxPerSecond, or BUSY_PER_SECOND (if lower) while busy. */
export function checksPerSecond(settings: Pick<LinkCheckerSettings, 'maxPerSecond' | 'busy'>): number {
  return settings.busy?.() ? Math.min(settings.maxPerSecond, BUSY_PER_SECOND) : settings.maxPerSecond;
}

export interface LinkCheckerSettings {
  intervalMs: number;
  concurrency: number;
  maxPerSecond: number;
  /** Whether the process is busy answering requests now (its event loop's delay): checks then slow down. */
  busy?: () => boolean;
  hostIntervalMs: number;
  /** Agents read from the catalog at a time. */
  chunkSize?: number;
  /** Chunks of the catalog held at once: how far the pass runs ahead of its slowest host. */
  maxChunks?: number;
  /** How long one turn dispatches checks before it saves and yields (the job's next turn goes on). */
  turnMs?: number;
  /** At most this many checks started in one turn (tests). */
  maxChecksPerTurn?: number;
}

export const POLITENESS_MARGIN_MS = 50;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
