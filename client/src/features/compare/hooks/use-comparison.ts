import type { ComparedAgent } from '@agentry/domain/compare-rows';
import { useEffect, useState } from 'react';
import { COMPARE_MIN } from '../../../lib/compare-selection';
import { getComparison } from '../api/get-comparison';

// The agents of a comparison, loaded with one GET /api/compare. Taking one out needs no new call:
// the rest are already here.

export type ComparisonState =
  | { status: 'idle'; agents: ComparedAgent[] }
  | { status: 'loading'; agents: ComparedAgent[] }
  | { status: 'ready'; agents: ComparedAgent[] }
  | { status: 'error'; agents: ComparedAgent[]; error: unknown };

/** `attempt` counts retries: a new one loads again after a failure. */
export function useComparison(ids: readonly string[], enabled: boolean, attempt = 0): ComparisonState {
  const [loaded, setLoaded] = useState<ComparedAgent[]>([]);
  const [failed, setFailed] = useState<{ key: string; error: unknown } | null>(null);
  const key = `${ids.join(',')}#${attempt}`;
  const byId = new Map(loaded.map((agent) => [agent.id, agent]));
  const needed = enabled && ids.length >= COMPARE_MIN && ids.some((id) => !byId.has(id));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    getComparison(ids, controller.signal).then(
      (agents) => {
        if (!controller.signal.aborted) setLoaded(agents);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailed({ key, error });
      },
    );
    return () => controller.abort();
  }, [key, needed]);

  const agents = ids.flatMap((id) => byId.get(id) ?? []);
  if (!enabled || ids.length < COMPARE_MIN) return { status: 'idle', agents };
  if (!needed) return { status: 'ready', agents };
  if (failed?.key === key) return { status: 'error', agents: [], error: failed.error };
  return { status: 'loading', agents: [] };
}
