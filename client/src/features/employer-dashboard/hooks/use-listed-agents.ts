import type { PublicAgent } from '@agentry/domain/agent';
import { useEffect, useState } from 'react';
import { isNotFound } from '../../../lib/api/api-client';
import { getListedAgent } from '../api/get-listed-agent';

// The agents of a shortlist, read one by one from the public GET /api/agents/:id (a list holds at
// most 100; /api/compare takes only 2 to 4), a few at a time. What was read is kept for the visit,
// so opening a list again, or another list with the same agents, costs nothing.

/** An agent as read: listed, no longer listed, or unreadable just now. */
export type ListedAgent =
  | { status: 'listed'; agent: PublicAgent }
  | { status: 'missing' }
  | { status: 'error' };

const CONCURRENCY = 6;
const known = new Map<string, ListedAgent>();

/** Forgets what was read (tests start clean). */
export function forgetListedAgents() {
  known.clear();
}

export function useListedAgents(ids: readonly string[], enabled: boolean): Map<string, ListedAgent> {
  const [, setVersion] = useState(0);
  const key = ids.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const queue = ids.filter(
      (id) => known.get(id)?.status !== 'listed' && known.get(id)?.status !== 'missing',
    );
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        let read: ListedAgent;
        try {
          read = { status: 'listed', agent: await getListedAgent(id, controller.signal) };
        } catch (error) {
          if (controller.signal.aborted) return;
          read = isNotFound(error) ? { status: 'missing' } : { status: 'error' };
        }
        known.set(id, read);
        setVersion((version) => version + 1);
      }
    };
    for (let i = 0; i < Math.min(CONCURRENCY, queue.length); i++) void worker();
    return () => controller.abort();
  }, [key, enabled]);

  return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
}
