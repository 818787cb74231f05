import { providerPagePath } from '@agentry/domain/provider-page';
import type { Store, User } from '@agentry/platform/store/port';
import type { Query } from './command';

// Where an agent's provider name leads (issue 25): the owner's provider page while it exists
// (domain/provider-page.ts, the rule findProviderPage answers by); null for an agent nobody owns
// or whose owner has no page, so the name stays plain text rather than a link to a 404.

/** The owner's page path and the owner, for the answer's validators (its updated_at). */
export const providerPageOf: Query<
  { store: Pick<Store, 'users'> },
  { ownerId: string | null | undefined },
  { path: string | null; owner: User | null }
> = async ({ store }, { ownerId }) => {
  if (!ownerId) return { path: null, owner: null };
  const owner = await store.users.findById(ownerId);
  return { path: providerPagePath(owner), owner };
};
