import { REVIEW_LIST_MAX } from '@agentry/platform/store/trust-port';
import { z } from 'zod';
import { wholeNumber } from '../../../http/pagination';

const page = { limit: wholeNumber(1, REVIEW_LIST_MAX, 50), offset: wholeNumber(0, 1_000_000, 0) };

export const BrokenLinksQuery = z.object({
  /** Only listings unreachable for at least this many days (0: all of them). */
  min_days: wholeNumber(0, 3650, 0),
  ...page,
});
export const VerificationsQuery = z.object({
  status: z.enum(['pending', 'verified', 'lapsed']).optional(),
  ...page,
});
export const ReviewQueueQuery = z.object({
  queue: z.enum(['reported', 'hidden']).default('reported'),
  ...page,
});
export const ClaimsQuery = z.object(page);
export const ReasonBody = z.object({ reason: z.unknown() });
export const TrustIdParams = z.object({ id: z.string().min(1).max(64) });
