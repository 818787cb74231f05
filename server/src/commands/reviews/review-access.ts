import type { Agent } from '@agentry/domain/agent';
import { domainCovers, siteDomainOf } from '@agentry/domain/domain-verification';
import {
  mailDomainOf,
  organisationKey,
  PERSONAL_MAIL_DOMAINS,
  REVIEW_MESSAGES,
} from '@agentry/domain/reviews';
import type { Review, User } from '@agentry/platform/store/port';
import { employerScopeOf } from '../../policies/employer-scope';
import type { Query } from '../command';
import type { Services } from '../services';

// Who may review an agent (issue 26): an employer account with an active plan (its own, or for a
// team member the subscriber's: issue 28) and a confirmed address, from an organization that is not the agent's own. The organization is the confirmed
// address's domain (a personal-mail address is an organization of one), so it is "own" when that
// domain is the provider's: the owner's mail domain, a domain the owner proved, or the agent's site.

export const SIGN_IN_TO_REVIEW = 'Sign in with an employer account to review this agent.';

export interface ReviewAccess {
  can_review: boolean;
  /** Why not, for people; null when the person may review. */
  reason: string | null;
  /** The organization's review, when it wrote one (its author may change it). */
  review: Review | null;
  /** The viewer owns the agent: they may answer its reviews, once each. */
  is_owner: boolean;
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
    ...extra,
  });
  if (!user) return refuse(SIGN_IN_TO_REVIEW);
  if (user.user_type !== 'employer') {
    const isOwner = agent.owner_id === user.id;
    return refuse(isOwner ? REVIEW_MESSAGES.ownAgent : REVIEW_MESSAGES.employersOnly, { is_owner: isOwner });
  }
  const review = await services.store.reviews.findByOrganisation(agent.id, organisationKey(user));
  if (!(await employerScopeOf(services.store, user)).planActive)
    return refuse(REVIEW_MESSAGES.subscriptionRequired, { review });
  if (!user.email_verified_at) return refuse(REVIEW_MESSAGES.confirmAddress, { review });
  if (await sameOrganisation(services, user, agent)) return refuse(REVIEW_MESSAGES.ownAgent);
  if (review && review.author_id !== user.id) return refuse(REVIEW_MESSAGES.takenByColleague, { review });
  return { can_review: true, reason: null, review, is_owner: false };
};
