import type { Shortlist as PresentedShortlist } from '@agentry/domain/contract/employer';
import type { Shortlist } from '@agentry/platform/store/port';
import type { AuthorNames } from './author-names';

/** The user ids a list's answer names (its maker, each item's author). */
export const authorIdsOf = (lists: Shortlist[]) =>
  lists.flatMap((list) => [list.created_by, ...list.items.map((item) => item.added_by)]);

/** An employer's list as they (or their team) see it: no owner id; authors by name. */
export function presentShortlist(list: Shortlist, names: AuthorNames): PresentedShortlist {
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: list.id,
    name: list.name,
    agent_ids: list.agent_ids,
    items: list.items.map((item) => ({
      agent_id: item.agent_id,
      added_by: nameOf(item.added_by),
      added_at: item.added_at,
    })),
    created_by: nameOf(list.created_by),
    created_at: list.created_at,
    updated_at: list.updated_at,
  };
}
