import type { Store, User } from '@agentry/platform/store/port';

/**
 * How many listed agents an e-mail already has: those its account owns and those registered
 * under it that wait for the address to be confirmed. This is what the free listing counts.
 */
export async function countListedAgents(
  store: Store,
  email: string,
  account: User | null,
): Promise<{ listed: number; waiting: number }> {
  const waiting = await store.agents.count({ email, unowned: true });
  const owned = account ? await store.agents.count({ ownerId: account.id }) : 0;
  return { listed: waiting + owned, waiting };
}
