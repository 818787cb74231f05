import type { Admin, User } from '@agentry/platform/store/port';
import { notFound } from '../../http/errors';
import { presentSubscriber } from '../../presenters/admin';

type PresentedSubscriber = ReturnType<typeof presentSubscriber>;

import type { Action, Query } from '../command';
import { subscriberSnapshot } from './audit-changes';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

/** One page of subscribers, each with how many agents they own and how many of those are live. */
export const listSubscribers: Query<
  'store',
  { page: { limit: number; offset: number } },
  { subscribers: PresentedSubscriber[]; total: number }
> = async ({ store }, { page }) => {
  const [users, total] = await Promise.all([store.users.list(page), store.users.count()]);
  return { subscribers: await presentSubscribers({ store }, { users }), total };
};

/** Subscribers as staff see them, with their agent counts: one grouped read for all of them. */
export const presentSubscribers: Query<'store', { users: User[] }, PresentedSubscriber[]> = async (
  { store },
  { users },
) => {
  const counts = new Map(
    (await store.agents.countByOwner(users.map((user) => user.id))).map((row) => [row.owner_id, row]),
  );
  return users.map((user) => {
    const owned = counts.get(user.id);
    return presentSubscriber(user, { agent_count: owned?.agents ?? 0, active_agent_count: owned?.live ?? 0 });
  });
};

/**
 * Staff switch a subscription on or off by hand (spec: activate / deactivate). The payment
 * provider's next event for this user sets it again from the payment state, as it should.
 */
export const setSubscriptionStatus: Action<
  'store',
  { admin: Admin; id: string; status: 'active' | 'inactive' },
  User
> = async ({ store }, { admin, id, status }) => {
  const before = await store.users.findById(id);
  if (!before) throw notFound(SUBSCRIBER_NOT_FOUND);
  if (before.subscription_status === status) return before;
  const after = await store.users.update(id, { subscription_status: status });
  if (!after) throw notFound(SUBSCRIBER_NOT_FOUND);
  await store.audit.record({
    actor: admin.username,
    action: 'subscription_status',
    entity_type: 'subscriber',
    entity_id: id,
    entity_label: after.email,
    before: subscriberSnapshot(before),
    after: subscriberSnapshot(after),
  });
  return after;
};
