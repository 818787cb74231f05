import { isActiveSubscription } from '@agentry/domain/subscription';
import type { TeamRole } from '@agentry/domain/team';
import type { Organization, Store, User } from '@agentry/platform/store/port';

// Whose work an employer acts on (issue 28, docs/employer-tools.md#teams): alone, their own; in a
// team, the organization's, kept under the subscriber's user id (the owner). Shortlists, contact
// and demo requests and saved searches are read and written under `ownerId`, each write carrying
// `authorId` (who did it). The paid tools follow the owner's plan: a member rides on the
// subscriber's subscription, and loses the tools the moment it lapses or they are removed, since
// the scope is read again on every request.

export interface EmployerScope {
  /** The id the shared records are kept under: the subscriber's for a team, the user's own alone. */
  ownerId: string;
  /** Who acts: the signed-in user. */
  authorId: string;
  organization: Organization | null;
  /** The user's place in the team; null when they have none. */
  role: TeamRole | null;
  /** Whether the plan that pays for the tools (the owner's) is active. */
  planActive: boolean;
}

/** One read of the team tables (two for a member: their organization and its owner). */
export async function employerScopeOf(
  store: Pick<Store, 'teams' | 'users'>,
  user: User,
): Promise<EmployerScope> {
  const alone = (organization: Organization | null): EmployerScope => ({
    ownerId: user.id,
    authorId: user.id,
    organization,
    role: organization ? 'owner' : null,
    planActive: user.user_type === 'employer' && isActiveSubscription(user.subscription_status),
  });
  if (user.user_type !== 'employer') return alone(null);
  const membership = await store.teams.membershipOf(user.id);
  if (!membership) return alone(await store.teams.findByOwner(user.id));
  const owner = await store.users.findById(membership.organization.owner_id);
  return {
    ownerId: membership.organization.owner_id,
    authorId: user.id,
    organization: membership.organization,
    role: 'member',
    planActive: owner?.user_type === 'employer' && isActiveSubscription(owner.subscription_status),
  };
}
