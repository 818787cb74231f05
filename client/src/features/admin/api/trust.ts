import type {
  AdminDomain,
  AdminDomainsPage,
  BrokenListing,
  BrokenListingsPage,
  ClaimReversed,
  DomainRechecked,
  ListingClaim,
  ListingClaimsPage,
  ModeratedReview,
  QueuedReview,
  ReviewModerated,
  ReviewQueuePage,
} from '@agentry/domain/contract/trust';
import { type ApiPage, apiRequest, withQuery } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';

// Staff's side of trust (issue 26): unreachable listings, providers' domains, the review
// moderation queue and listings claimed by domain proof. The answers are the contract's
// (domain/src/contract/trust.ts).

export type { AdminDomain, BrokenListing, ListingClaim, ModeratedReview, QueuedReview };

export const TRUST_PAGE_SIZE = 20;

const page = (offset: number) => ({ limit: String(TRUST_PAGE_SIZE), offset: String(offset) });

/** One page of a staff list; `items` picks the answer's field that holds them. */
async function list<Answer extends { total: number }, T>(
  path: string,
  items: (answer: Answer) => T[],
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<ApiPage<T>> {
  const answer = await apiRequest<Answer>(withQuery(path, params), { signal });
  return { items: items(answer), total: answer.total };
}

export const getBrokenListings = (minDays: number, offset: number, signal?: AbortSignal) =>
  list(
    '/api/admin/link-checks',
    (answer: BrokenListingsPage) => answer.listings,
    { min_days: String(minDays), ...page(offset) },
    signal,
  );

export const getAdminDomains = (status: string, offset: number, signal?: AbortSignal) =>
  list(
    '/api/admin/verifications',
    (answer: AdminDomainsPage) => answer.domains,
    { ...(status ? { status } : {}), ...page(offset) },
    signal,
  );

export const getReviewModeration = (queue: 'reported' | 'hidden', offset: number, signal?: AbortSignal) =>
  list('/api/admin/reviews', (answer: ReviewQueuePage) => answer.reviews, { queue, ...page(offset) }, signal);

export const getListingClaims = (offset: number, signal?: AbortSignal) =>
  list('/api/admin/listing-claims', (answer: ListingClaimsPage) => answer.claims, page(offset), signal);

export async function recheckDomain(token: string, id: string): Promise<AdminDomain> {
  const answer = await adminSend<DomainRechecked>(
    token,
    `/api/admin/verifications/${encodeURIComponent(id)}/recheck`,
    {
      method: 'POST',
    },
  );
  return answer.domain;
}

export async function moderate(
  token: string,
  id: string,
  action: 'hide' | 'restore',
  reason: string,
): Promise<ModeratedReview> {
  const answer = await adminSend<ReviewModerated>(
    token,
    `/api/admin/reviews/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
      body: { reason },
    },
  );
  return answer.review;
}

export async function reverseClaim(token: string, id: string, reason: string): Promise<ListingClaim> {
  const answer = await adminSend<ClaimReversed>(
    token,
    `/api/admin/listing-claims/${encodeURIComponent(id)}/reverse`,
    {
      method: 'POST',
      body: { reason },
    },
  );
  return answer.claim;
}
