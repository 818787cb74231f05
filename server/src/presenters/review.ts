import type { ModeratedReview, Review as PresentedReview } from '@agentry/domain/contract/trust';
import type { Review, ReviewReport } from '@agentry/platform/store/port';

// A review as anyone reads it: the rating, the plain text, the organization's name and the
// provider's answer; never who wrote it (account, address) or the organization's key.
export function presentReview(review: Review): PresentedReview {
  return {
    id: review.id,
    agent_id: review.agent_id,
    rating: review.rating,
    body: review.body,
    organization: review.organization,
    created_at: review.created_at,
    updated_at: review.updated_at,
    reply: review.reply,
  };
}

/** What staff see in the moderation queue: the review, its state and the reports' reasons. */
export function presentModeratedReview(review: Review, reports: ReviewReport[] = []): ModeratedReview {
  return {
    ...presentReview(review),
    hidden: review.hidden,
    moderation_reason: review.moderation_reason,
    moderated_at: review.moderated_at,
    open_reports: review.open_reports,
    last_reported_at: review.last_reported_at,
    reports: reports.map(({ reason, created_at, resolved_at }) => ({ reason, created_at, resolved_at })),
  };
}
