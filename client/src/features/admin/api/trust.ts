import { type ApiPage, apiRequest, withQuery } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';

// Staff's side of trust (issue 26): unreachable listings, providers' domains, the review
// moderation queue and listings claimed by domain proof.

export const TRUST_PAGE_SIZE = 20;

export interface BrokenListing {
  agent_id: string;
  name: string;
  provider: string;
  address: string;
  owner_email: string | null;
  since: string | null;
  checked_at: string;
  outcome: string;
  http_status: number | null;
}

export interface AdminDomain {
  id: string;
  domain: string;
  owner_email: string | null;
  status: 'pending' | 'verified' | 'lapsed';
  method: string | null;
  verified_at: string | null;
  checked_at: string | null;
  lapsed_at: string | null;
}

export interface ModeratedReview {
  id: string;
  agent_id: string;
  agent_name: string | null;
  rating: number;
  body: string;
  organization: string;
  hidden: boolean;
  moderation_reason: string | null;
  open_reports: number;
  reports: Array<{ reason: string; created_at: string }>;
}

export interface ListingClaim {
  id: string;
  agent_id: string;
  agent_name: string;
  domain: string;
  from_owner_email: string | null;
  to_owner_email: string | null;
  created_at: string;
  reversed_at: string | null;
  reverse_reason: string | null;
}

const page = (offset: number) => ({ limit: String(TRUST_PAGE_SIZE), offset: String(offset) });

async function list<T>(
  path: string,
  key: string,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<ApiPage<T>> {
  const answer = await apiRequest<Record<string, unknown> & { total: number }>(withQuery(path, params), {
    signal,
  });
  return { items: answer[key] as T[], total: answer.total };
}

export const getBrokenListings = (minDays: number, offset: number, signal?: AbortSignal) =>
  list<BrokenListing>(
    '/api/admin/link-checks',
    'listings',
    { min_days: String(minDays), ...page(offset) },
    signal,
  );

export const getAdminDomains = (status: string, offset: number, signal?: AbortSignal) =>
  list<AdminDomain>(
    '/api/admin/verifications',
    'domains',
    { ...(status ? { status } : {}), ...page(offset) },
    signal,
  );

export const getReviewModeration = (queue: 'reported' | 'hidden', offset: number, signal?: AbortSignal) =>
  list<ModeratedReview>('/api/admin/reviews', 'reviews', { queue, ...page(offset) }, signal);

export const getListingClaims = (offset: number, signal?: AbortSignal) =>
  list<ListingClaim>('/api/admin/listing-claims', 'claims', page(offset), signal);

export async function recheckDomain(token: string, id: string): Promise<AdminDomain> {
  const answer = await adminSend<{ domain: AdminDomain }>(
    token,
    `/api/admin/verifications/${encodeURIComponent(id)}/recheck`,
    {
      method: 'POST',
    },
  );
  return answer.domain;
}

export async function moderate(token: string, id: string, action: 'hide' | 'restore', reason: string) {
  const answer = await adminSend<{ review: ModeratedReview }>(
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
  const answer = await adminSend<{ claim: ListingClaim }>(
    token,
    `/api/admin/listing-claims/${encodeURIComponent(id)}/reverse`,
    {
      method: 'POST',
      body: { reason },
    },
  );
  return answer.claim;
}
