import type { Agent } from '@agentry/domain/agent';
import { badRequest, HttpError } from '../../http/errors';
import type { Query } from '../command';

// Side-by-side comparison: two to four listed agents, answered in the order asked.

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const COMPARE_COUNT_MESSAGE = `Choose ${COMPARE_MIN} to ${COMPARE_MAX} different agents to compare`;

/** The ids of `?ids=1,2,3`: comma-separated, blanks ignored, each at most once. */
export function compareIds(raw: string): string[] {
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const distinct = new Set(ids);
  if (distinct.size !== ids.length || ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) {
    throw badRequest(COMPARE_COUNT_MESSAGE);
  }
  if (ids.some((id) => id.length > 64)) throw badRequest('ids: an agent id has at most 64 characters');
  return ids;
}

/** The agents in the order of `ids`; 404 naming every id that is missing or removed. */
export const compareAgents: Query<'store', { ids: string[] }, Agent[]> = async ({ store }, { ids }) => {
  const byId = new Map((await store.agents.getMany(ids)).map((agent) => [agent.id, agent]));
  const missing = ids.filter((id) => {
    const agent = byId.get(id);
    return !agent || agent.removed;
  });
  if (missing.length > 0) {
    throw new HttpError(404, `These agents are not listed: ${missing.join(', ')}`, { missing_ids: missing });
  }
  return ids.map((id) => byId.get(id)!);
};
