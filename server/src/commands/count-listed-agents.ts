import type { User } from '@agentry/platform/store/port';
import type { AddressAgents } from '../policies/subscription';
import type { Query } from './command';

/**
 * What an e-mail already has, as the free listing counts it: the live agents its account owns, the
 * unowned ones registered under it (listed, or held for the address's claim), and the agents its
 * account deleted (they keep the free listing used).
 */
export const countListedAgents: Query<
  'store',
  { email: string; account: User | null },
  AddressAgents
> = async ({ store }, { email, account }) => {
  const [waitingListed, waitingHeld, owned, ownedEver] = await Promise.all([
    store.agents.count({ email, unowned: true }),
    store.agents.count({ email, unowned: true, heldFor: 'claim' }),
    account ? store.agents.count({ ownerId: account.id }) : 0,
    account ? store.agents.count({ ownerId: account.id, includeRemoved: true }) : 0,
  ]);
  return { listed: waitingListed + waitingHeld + owned, deleted: ownedEver - owned };
};
