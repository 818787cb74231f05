import { z } from 'zod';
import {
  DOMAINS_PER_ACCOUNT_MAX,
  PROOF_METHODS,
  type ProofMethod,
  type VerificationStatus,
} from '../domain-verification';
import { RATING_MAX, RATING_MIN, RATING_SHOWN_FROM, REVIEW_LIST_MAX, REVIEWS_PAGE_MAX } from '../reviews';
import { SITE_STATES } from '../site-check';
import { pageQuery, recordId, timestamp, wholeNumber } from './shapes';

// Trust (issue 26; docs/trust.md): reviews (server/src/routes/api/reviews/), providers' domains
// (server/src/routes/api/verification/) and the staff's trust lists (server/src/routes/api/admin/
// trust.routes.ts). Shapes only: the rules (a whole rating 1-5, a body of 10-2000 characters, a
// domain's form) are domain/reviews.ts's and domain/domain-verification.ts's, applied by the
// commands so that client and server say the same. The answers are written as the presenters
// (server/src/presenters/review.ts, verification.ts) and routes give them, and the client reads
// these types instead of its own.

const VERIFICATION_STATUSES = ['pending', 'verified', 'lapsed'] as const satisfies VerificationStatus[];
const verificationStatus = z.enum(VERIFICATION_STATUSES);
const proofMethod = z.enum(PROOF_METHODS as readonly ProofMethod[] as [ProofMethod, ...ProofMethod[]]);
const nullableTime = timestamp.nullable();

/** An agent's readable reviews, REVIEWS_PAGE_MAX at most a page. */
export const ReviewsQuery = z.object(
  pageQuery({ defaultLimit: 10, maxLimit: REVIEWS_PAGE_MAX, maxOffset: 100_000 }),
);

export const ReviewBody = z.object({ rating: z.unknown(), body: z.unknown() });
export const ReviewReplyBody = z.object({ body: z.unknown() });
export const ReportBody = z.object({ reason: z.unknown() });
export const ReviewIdParams = z.object({ id: recordId });

export const DomainBody = z.object({ domain: z.string({ error: 'domain is required' }).max(300) });
export const DomainIdParams = z.object({ id: recordId });

/** The staff's trust lists: 50 a page by default, REVIEW_LIST_MAX at most. */
const staffPage = pageQuery({ defaultLimit: 50, maxLimit: REVIEW_LIST_MAX, maxOffset: 1_000_000 });

export const BrokenLinksQuery = z.object({
  /** Only listings unreachable for at least this many days (0: all of them). */
  min_days: wholeNumber(0, 3650, 0),
  ...staffPage,
});
export const VerificationsQuery = z.object({
  status: verificationStatus.optional(),
  ...staffPage,
});
export const ReviewModerationQuery = z.object({
  queue: z.enum(['reported', 'hidden']).default('reported'),
  ...staffPage,
});
export const ClaimsQuery = z.object(staffPage);
export const ReasonBody = z.object({ reason: z.unknown() });
export const TrustIdParams = z.object({ id: recordId });

// Reviews (server/src/routes/api/reviews/).

/** A review as anyone reads it: never who wrote it, nor the organization's key. */
export const Review = z.strictObject({
  id: z.string(),
  agent_id: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  body: z.string().meta({ description: 'Plain text.' }),
  organization: z.string().meta({ description: "The reviewing employer's organization." }),
  created_at: timestamp,
  updated_at: timestamp,
  reply: z
    .strictObject({ body: z.string(), at: timestamp })
    .nullable()
    .meta({ description: "The provider's public answer, given once." }),
});
export type Review = z.infer<typeof Review>;

/** GET /api/agents/{id}/reviews: one page, and the rating (shown from RATING_SHOWN_FROM reviews on). */
export const ReviewPage = z.strictObject({
  agent_id: z.string(),
  rating_average: z.number().nullable(),
  rating_count: z.number().int().min(0),
  rating_shown_from: z.literal(RATING_SHOWN_FROM),
  total: z.number().int().min(0),
  reviews: z.array(Review).max(REVIEWS_PAGE_MAX),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** GET /api/agents/{id}/reviews/mine: what the caller may do with the agent's reviews. */
export const ReviewAccess = z.strictObject({
  can_review: z.boolean(),
  reason: z.string().nullable(),
  is_owner: z.boolean(),
  review: Review.nullable(),
});
export type ReviewAccess = z.infer<typeof ReviewAccess>;

/** A review written, changed or answered. */
export const ReviewSaved = z.strictObject({ review: Review });
export type ReviewSaved = z.infer<typeof ReviewSaved>;

// The link checker's last word on an agent's site (server/src/routes/api/site-checks/).

export const SiteCheck = z.strictObject({
  agent_id: z.string(),
  state: z.enum(SITE_STATES),
  since: nullableTime,
  checked_at: nullableTime,
  outcome: z.string().nullable(),
  http_status: z.number().int().nullable(),
});
export type SiteCheck = z.infer<typeof SiteCheck>;

// A provider's domains (server/src/routes/api/verification/).

/** A provider's own domain, with where each proof goes. */
export const Domain = z.strictObject({
  id: z.string(),
  domain: z.string(),
  status: verificationStatus,
  method: proofMethod.nullable(),
  token: z.string().meta({ description: 'What the proof must carry (public by nature).' }),
  verified_at: nullableTime,
  checked_at: nullableTime,
  lapsed_at: nullableTime,
  instructions: z.strictObject({
    dns: z.strictObject({ name: z.string(), type: z.literal('TXT'), value: z.string() }),
    file: z.strictObject({ url: z.string(), content: z.string() }),
    meta: z.strictObject({ url: z.string(), tag: z.string() }),
  }),
});
export type Domain = z.infer<typeof Domain>;

/** What one method of proof found. */
export const ProofFinding = z.strictObject({ method: proofMethod, found: z.boolean(), detail: z.string() });
export type ProofFinding = z.infer<typeof ProofFinding>;

export const DomainsAnswer = z.strictObject({
  domains: z.array(Domain).max(DOMAINS_PER_ACCOUNT_MAX),
  max: z.literal(DOMAINS_PER_ACCOUNT_MAX),
});
export type DomainsAnswer = z.infer<typeof DomainsAnswer>;

export const DomainAnswer = z.strictObject({ domain: Domain });
export type DomainAnswer = z.infer<typeof DomainAnswer>;

export const DomainChecked = z.strictObject({
  domain: Domain,
  findings: z.array(ProofFinding).max(PROOF_METHODS.length),
});
export type DomainChecked = z.infer<typeof DomainChecked>;

/** POST /api/agents/{id}/claim: the listing is the caller's now. */
export const ListingClaimed = z.strictObject({
  success: z.literal(true),
  agent_id: z.string(),
  domain: z.string(),
});
export type ListingClaimed = z.infer<typeof ListingClaimed>;

// The staff's trust lists (server/src/routes/api/admin/trust.routes.ts).

/** A listing whose site is unreachable. */
export const BrokenListing = z.strictObject({
  agent_id: z.string(),
  name: z.string(),
  provider: z.string(),
  address: z.string(),
  owner_email: z.string().nullable(),
  since: nullableTime,
  checked_at: timestamp,
  outcome: z.string(),
  http_status: z.number().int().nullable(),
});
export type BrokenListing = z.infer<typeof BrokenListing>;

const staffList = <S extends z.ZodType>(item: S) => z.array(item).max(REVIEW_LIST_MAX);
const total = z.number().int().min(0);

export const BrokenListingsPage = z.strictObject({
  success: z.literal(true),
  total,
  listings: staffList(BrokenListing),
});
export type BrokenListingsPage = z.infer<typeof BrokenListingsPage>;

/** A domain as staff list it: whose, and how it stands (no token). */
export const AdminDomain = z.strictObject({
  id: z.string(),
  domain: z.string(),
  owner_email: z.string().nullable(),
  status: verificationStatus,
  method: proofMethod.nullable(),
  verified_at: nullableTime,
  checked_at: nullableTime,
  next_check_at: nullableTime,
  failures: z.number().int().min(0),
  lapsed_at: nullableTime,
});
export type AdminDomain = z.infer<typeof AdminDomain>;

export const AdminDomainsPage = z.strictObject({
  success: z.literal(true),
  total,
  domains: staffList(AdminDomain),
});
export type AdminDomainsPage = z.infer<typeof AdminDomainsPage>;

/** What a staff recheck found and did (server/src/verification/verification-state.ts). */
export const DomainRechecked = z.strictObject({
  success: z.literal(true),
  event: z.enum(['verified', 'kept', 'lapsed', 'retry', 'not_found']),
  domain: AdminDomain,
  findings: z.array(ProofFinding).max(PROOF_METHODS.length),
});
export type DomainRechecked = z.infer<typeof DomainRechecked>;

/** How many of a review's reports the moderation queue shows. */
export const REPORTS_SHOWN = 5;

/** A review as staff see it: its state and its reports' reasons. */
export const ModeratedReview = Review.extend({
  hidden: z.boolean(),
  moderation_reason: z.string().nullable(),
  moderated_at: nullableTime,
  open_reports: z.number().int().min(0),
  last_reported_at: nullableTime,
  reports: z
    .array(z.strictObject({ reason: z.string(), created_at: timestamp, resolved_at: nullableTime }))
    .max(REPORTS_SHOWN),
});
export type ModeratedReview = z.infer<typeof ModeratedReview>;

/** A review in the moderation queue: with its agent's name (null when the agent is gone). */
export const QueuedReview = ModeratedReview.extend({ agent_name: z.string().nullable() });
export type QueuedReview = z.infer<typeof QueuedReview>;

export const ReviewQueuePage = z.strictObject({
  success: z.literal(true),
  total,
  reviews: staffList(QueuedReview),
});
export type ReviewQueuePage = z.infer<typeof ReviewQueuePage>;

/** A review hidden or restored. */
export const ReviewModerated = z.strictObject({ success: z.literal(true), review: ModeratedReview });
export type ReviewModerated = z.infer<typeof ReviewModerated>;

/** A listing claimed by domain proof (owners by e-mail). */
export const ListingClaim = z.strictObject({
  id: z.string(),
  agent_id: z.string(),
  agent_name: z.string(),
  domain: z.string(),
  from_owner_email: z.string().nullable().meta({ description: 'Null when nobody owned it.' }),
  to_owner_email: z.string().nullable(),
  created_at: timestamp,
  reversed_at: nullableTime,
  reversed_by: z.string().nullable(),
  reverse_reason: z.string().nullable(),
});
export type ListingClaim = z.infer<typeof ListingClaim>;

export const ListingClaimsPage = z.strictObject({
  success: z.literal(true),
  total,
  claims: staffList(ListingClaim),
});
export type ListingClaimsPage = z.infer<typeof ListingClaimsPage>;

export const ClaimReversed = z.strictObject({ success: z.literal(true), claim: ListingClaim });
export type ClaimReversed = z.infer<typeof ClaimReversed>;
