import type { Shortlist as PresentedShortlist } from '@agentry/domain/contract/employer';
import type { Shortlist } from '@agentry/platform/store/employer-port';

/** An employer's list as they see it: no owner id (it is always theirs). */
export function presentShortlist(list: Shortlist): PresentedShortlist {
  return {
    id: list.id,
    name: list.name,
    agent_ids: list.agent_ids,
    created_at: list.created_at,
    updated_at: list.updated_at,
  };
}
