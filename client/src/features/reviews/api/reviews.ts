import { apiRequest, withQuery } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The reviews API (issue 26): read an agent's reviews, see what the viewer may do, write or change
// the organisation's review, answer one as the provider, report one to staff.

export interface Review {
  id: string;
  agent_id: string;
  rating: number;
  body: string;
  organization: string;
  created_at: string;
  updated_at: string;
  reply: { body: string; at: string } | null;
}

export interface ReviewPage {
  rating_average: number | null;
  rating_count: number;
  rating_shown_from: number;
  total: number;
  reviews: Review[];
}

export interface ReviewAccess {
  can_review: boolean;
  reason: string | null;
  is_owner: boolean;
  review: Review | null;
}

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
  const answer = await sendWithCsrf<{ review: Review }>(`${agentPath(agentId)}/review`, {
    method: 'PUT',
    body: input,
  });
  return answer.review;
}

export async function answerReview(reviewId: string, body: string): Promise<Review> {
  const answer = await sendWithCsrf<{ review: Review }>(
    `/api/reviews/${encodeURIComponent(reviewId)}/reply`,
    {
      method: 'POST',
      body: { body },
    },
  );
  return answer.review;
}

export async function reportReview(reviewId: string, reason: string): Promise<string> {
  const answer = await sendWithCsrf<{ message: string }>(
    `/api/reviews/${encodeURIComponent(reviewId)}/reports`,
    {
      method: 'POST',
      body: { reason },
    },
  );
  return answer.message;
}
