import type { MessageAnswer } from '@agentry/domain/contract/shapes';
import type { Review, ReviewAccess, ReviewPage, ReviewSaved } from '@agentry/domain/contract/trust';
import { apiRequest, withQuery } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The reviews API (issue 26): read an agent's reviews, see what the viewer may do, write or change
// the organization's review, answer one as the provider, report one to staff. The answers are the
// contract's (domain/src/contract/trust.ts).

export type { Review, ReviewAccess, ReviewPage };

export const REVIEWS_PAGE = 10;

const agentPath = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}`;

export function getReviews(agentId: string, offset: number, signal?: AbortSignal): Promise<ReviewPage> {
  return apiRequest<ReviewPage>(
    withQuery(`${agentPath(agentId)}/reviews`, { limit: String(REVIEWS_PAGE), offset: String(offset) }),
    { signal },
  );
}

export function getReviewAccess(agentId: string, signal?: AbortSignal): Promise<ReviewAccess> {
  return apiRequest<ReviewAccess>(`${agentPath(agentId)}/reviews/mine`, { signal });
}

export async function writeReview(agentId: string, input: { rating: number; body: string }): Promise<Review> {
  const answer = await sendWithCsrf<ReviewSaved>(`${agentPath(agentId)}/review`, {
    method: 'PUT',
    body: input,
  });
  return answer.review;
}

export async function answerReview(reviewId: string, body: string): Promise<Review> {
  const answer = await sendWithCsrf<ReviewSaved>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, {
    method: 'POST',
    body: { body },
  });
  return answer.review;
}

export async function reportReview(reviewId: string, reason: string): Promise<string> {
  const answer = await sendWithCsrf<MessageAnswer>(`/api/reviews/${encodeURIComponent(reviewId)}/reports`, {
    method: 'POST',
    body: { reason },
  });
  return answer.message;
}
