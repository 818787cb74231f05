import type { SearchHit } from '@agentry/platform/search/port';
import type { AgentEventCounter } from './agent-event-counter';

/**
 * 'appeared' for every agent of a search answer (whatever page it is), once per audience, agent
 * and day (agent-event-counter.ts' countFor). A facet-only request (hitsPerPage 0) has no hits and
 * counts nothing.
 */
export function countAppeared(
  analytics: AgentEventCounter | undefined,
  hits: readonly SearchHit[],
  audience: string,
): void {
  if (!analytics || hits.length === 0) return;
  analytics.countFor(
    audience,
    'appeared',
    hits.map((hit) => hit.document.id),
  );
}
