import type { SearchHit } from '@agentry/platform/search/port';
import type { AgentEventCounter } from './agent-event-counter';

/**
 * 'appeared' once for every agent of a search answer (whatever page it is). A facet-only request
 * (hitsPerPage 0) has no hits and counts nothing.
 */
export function countAppeared(analytics: AgentEventCounter | undefined, hits: readonly SearchHit[]): void {
  if (!analytics || hits.length === 0) return;
  analytics.count(
    'appeared',
    hits.map((hit) => hit.document.id),
  );
}
