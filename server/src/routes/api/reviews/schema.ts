import { REVIEWS_PAGE_MAX } from '@agentry/domain/reviews';
import { z } from 'zod';
import { wholeNumber } from '../../../http/pagination';

export const ReviewsQuery = z.object({
  limit: wholeNumber(1, REVIEWS_PAGE_MAX, 10),
  offset: wholeNumber(0, 100_000, 0),
});

// Shapes only: the rules (a whole rating 1-5, a body of 10-2000 characters) are domain/reviews.ts's,
// applied by the command so that client and server say the same.
export const ReviewBody = z.object({ rating: z.unknown(), body: z.unknown() });
export const ReplyBody = z.object({ body: z.unknown() });
export const ReportBody = z.object({ reason: z.unknown() });
export const ReviewIdParams = z.object({ id: z.string().min(1).max(64) });
