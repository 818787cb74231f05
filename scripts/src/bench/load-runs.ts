import type { EventLoopSample } from './event-loop-samples';
import type { LoadFigures } from './http-load';
import type { RequestKind } from './traffic-mix';

// What bench:load -- --against reports of one side's runs (each with the event-loop delay the API
// reported meanwhile): the closed loop's mean throughput, and the open loop's worst case, since a
// goal such as "every kind's p99 ≤ 50 ms" holds only if it holds in every run.

export type Run = readonly [LoadFigures, EventLoopSample | null];

export interface ClosedSummary {
  /** Mean of the runs' requests per second. */
  rps: number;
  errors: number;
  loopMax: number;
}

export interface OpenSummary {
  errors: number;
  /** The worst p99 of any kind in any run. */
  worst: number;
  /** Per kind, the worse p99 of the runs (0 for a kind never sent). */
  byKind: Record<string, number>;
  loopP99: number;
  loopMax: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function summariseClosed(runs: readonly Run[]): ClosedSummary {
  return {
    rps: runs.length ? sum(runs.map(([f]) => f.requestsPerSecond)) / runs.length : 0,
    errors: sum(runs.map(([f]) => f.errors)),
    loopMax: Math.max(0, ...runs.map(([, loop]) => loop?.max ?? 0)),
  };
}

export function summariseOpen(runs: readonly Run[], kinds: readonly RequestKind[]): OpenSummary {
  const byKind: Record<string, number> = {};
  for (const kind of kinds) byKind[kind] = Math.max(0, ...runs.map(([f]) => f.byKind[kind]?.p99 ?? 0));
  return {
    errors: sum(runs.map(([f]) => f.errors)),
    worst: Math.max(0, ...Object.values(byKind)),
    byKind,
    loopP99: Math.max(0, ...runs.map(([, loop]) => loop?.p99 ?? 0)),
    loopMax: Math.max(0, ...runs.map(([, loop]) => loop?.max ?? 0)),
  };
}
