import type { Agent } from '@agentry/domain/agent';
import { domainCovers, siteDomainOf } from '@agentry/domain/domain-verification';
import {
  mailDomainOf,
  organisationKey,
  PERSONAL_MAIL_DOMAINS,
  REVIEW_MESSAGES,
} from '@agentry/domain/reviews';
import type { Review, Store, User } from '@agentry/platform/store/port';
import { type EmployerScope, employerScopeOf } from '../../policies/employer-scope';
import type { Query } from '../command';
import type { Services } from '../services';

// Who may review an agent (issue 26): an employer account with an active plan (its own, or for a
// team member the subscriber's: issue 28) and a confirmed address, from an organization that is not the agent's own. The organization is the confirmed
// address's domain (a personal-mail address is an organization of one), so it is "own" when that
// domain is the provider's: the owner's mail domain, a domain the owner proved, or the agent's site.
// A team is one organization: its members write under the subscriber's organization (session 13's
// attack: members at personal-mail addresses were each an organization of their own, so one plan's
// seats, removed and invited again, wrote as many reviews of an agent as it sent invitations).

export const SIGN_IN_TO_REVIEW = 'Sign in with an employer account to review this agent.';

export interface ReviewAccess {
  can_review: boolean;
  /** Why not, for people; null when the person may review. */
  reason: string | null;
  /** The organization's review, when it wrote one (its author may change it). */
  review: Review | null;
  /** The viewer owns the agent: they may answer its reviews, once each. */
  is_owner: boolean;
  /** Whose review the viewer writes (domain/reviews.ts organisationKey); null when they may not. */
  org_key: string | null;
}

/**
 * The organizations a review by `user` counts for, the one a new review is written under first:
 * in a team the subscriber's (whatever the member's own address), then the user's own address's,
 * so a colleague at the same domain outside the team still finds it taken.
 */
async function organisationKeysOf(
  store: Pick<Store, 'users'>,
  user: User,
  scope: EmployerScope,
): Promise<string[]> {
  const own = organisationKey(user);
  if (scope.ownerId === user.id) return [own];
  const owner = await store.users.findById(scope.ownerId);
  const team = owner ? organisationKey(owner) : `user:${scope.ownerId}`;
  return team === own ? [own] : [team, own];
}

/** Is the employer's organization the agent's own? */
async function sameOrganisation(
  services: Pick<Services, 'store'>,
  employer: User,
  agent: Agent,
): Promise<boolean> {
  const employerDomain = mailDomainOf(employer.email);
  if (!employerDomain || PERSONAL_MAIL_DOMAINS.has(employerDomain)) return false;
  const related = (domain: string) =>
    domainCovers(domain, employerDomain) || domainCovers(employerDomain, domain);
  const site = siteDomainOf(agent.address)?.replace(/:\d+$/, '');
  if (site && related(site)) return true;
  if (!agent.owner_id) return false;
  const owner = await services.store.users.findById(agent.owner_id);
  if (owner && mailDomainOf(owner.email) === employerDomain) return true;
  const proven = await services.store.verifications.verifiedFor([agent.owner_id]);
  return proven.some(({ domain }) => related(domain.replace(/:\d+$/, '')));
}

export const reviewAccess: Query<'store', { user: User | undefined; agent: Agent }, ReviewAccess> = async (
  services,
  { user, agent },
) => {
  const refuse = (reason: string, extra: Partial<ReviewAccess> = {}): ReviewAccess => ({
    can_review: false,
    reason,
    review: null,
    is_owner: false,
    org_key: null,
    ...extra,
  });
  if (!user) return refuse(SIGN_IN_TO_REVIEW);
  if (user.user_type !== 'employer') {
    const isOwner = agent.owner_id === user.id;
    return refuse(isOwner ? REVIEW_MESSAGES.ownAgent : REVIEW_MESSAGES.employersOnly, { is_owner: isOwner });
  }
  const scope = await employerScopeOf(services.store, user);
  const keys = await organisationKeysOf(services.store, user, scope);
  const found = await Promise.all(
    keys.map((key) => services.store.reviews.findByOrganisation(agent.id, key)),
  );
  // Their own review first (they may change it), else a colleague's, which takes the organization's.
  const review = found.find((one) => one?.author_id === user.id) ?? found.find((one) => one !== null) ?? null;
  if (!scope.planActive) return refuse(REVIEW_MESSAGES.subscriptionRequired, { review });
  if (!user.email_verified_at) return refuse(REVIEW_MESSAGES.confirmAddress, { review });
  if (await sameOrganisation(services, user, agent)) return refuse(REVIEW_MESSAGES.ownAgent);
  if (review && review.author_id !== user.id) return refuse(REVIEW_MESSAGES.takenByColleague, { review });
  return { can_review: true, reason: null, review, is_owner: false, org_key: review?.org_key ?? keys[0]! };
};
