import { z } from 'zod';
import { REVIEW_LIST_MAX, REVIEWS_PAGE_MAX } from '../reviews';
import { pageQuery, recordId, wholeNumber } from './shapes';

// Trust (issue 26; docs/trust.md): reviews (server/src/routes/api/reviews/), providers' domains
// (server/src/routes/api/verification/) and the staff's trust lists (server/src/routes/api/admin/
// trust.routes.ts). Shapes only: the rules (a whole rating 1-5, a body of 10-2000 characters, a
// domain's form) are domain/reviews.ts's and domain/domain-verification.ts's, applied by the
// commands so that client and server say the same.

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
  status: z.enum(['pending', 'verified', 'lapsed']).optional(),
  ...staffPage,
});
export const ReviewModerationQuery = z.object({
  queue: z.enum(['reported', 'hidden']).default('reported'),
  ...staffPage,
});
export const ClaimsQuery = z.object(staffPage);
export const ReasonBody = z.object({ reason: z.unknown() });
export const TrustIdParams = z.object({ id: recordId });
