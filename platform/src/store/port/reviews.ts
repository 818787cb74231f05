// The store's part for reviews and their reports (issue 26). Both adapters implement it; the
// contract (contract/trust.ts) holds them to it.

export interface ReviewReply {
  body: string;
  at: string;
}

export interface Review {
  id: string;
  agent_id: string;
  /** Who "one per organisation" counts (domain/reviews.ts organisationKey). */
  org_key: string;
  /** The employer account that wrote it, the only one that may change it. */
  author_id: string;
  /** The organisation's name as the employer gave it, shown with the review. */
  organization: string;
  rating: number;
  body: string;
  hidden: boolean;
  /** Staff's reason for the last hide or restore. */
  moderation_reason: string | null;
  moderated_at: string | null;
  /** The provider's one public answer. */
  reply: ReviewReply | null;
  /** Reports not yet looked at by staff. */
  open_reports: number;
  last_reported_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewWrite {
  agent_id: string;
  org_key: string;
  author_id: string;
  organization: string;
  rating: number;
  body: string;
}

export interface ReviewReport {
  id: string;
  review_id: string;
  reason: string;
  created_at: string;
  /** When staff hid or restored the review, which settles its reports. */
  resolved_at: string | null;
}

export type ReviewQueue = 'reported' | 'hidden';

export { REVIEW_LIST_MAX } from '@agentry/domain/reviews';

export interface ReviewSummary {
  agent_id: string;
  count: number;
  sum: number;
}

export interface ReviewRepository {
  /**
   * The organisation's review of the agent: created, or changed when `author_id` wrote it (one per
   * organisation per agent, a unique index). Throws ReviewTakenError when another account of the
   * organisation wrote it.
   */
  write(input: ReviewWrite): Promise<{ review: Review; created: boolean }>;
  get(id: string): Promise<Review | null>;
  findByOrganisation(agentId: string, orgKey: string): Promise<Review | null>;
  /** The reviews anyone can read (not hidden), newest first. */
  listForAgent(agentId: string, options?: { limit?: number; offset?: number }): Promise<Review[]>;
  countForAgent(agentId: string): Promise<number>;
  /** Count and sum of the ratings anyone can read, per agent that has any (at most 1,000 ids). */
  summaries(agentIds: string[]): Promise<ReviewSummary[]>;
  /**
   * The agents with at least `minCount` readable reviews, best average first (then more reviews,
   * then by id), at most `limit` (at most 100): the home page's well-reviewed agents (issue 25),
   * whose caller caches the answer. One grouped read over the readable reviews.
   */
  topRated(minCount: number, limit: number): Promise<ReviewSummary[]>;
  /** Adds the provider's answer unless there is one (atomic): null when already answered or unknown. */
  reply(id: string, reply: ReviewReply): Promise<Review | null>;
  /** Records a report and counts it open; null when no review has this id. */
  report(id: string, input: { reason: string; at: string }): Promise<Review | null>;
  /** Hides or restores, with staff's reason; settles the open reports. Null when unknown. */
  moderate(id: string, input: { hidden: boolean; reason: string; at: string }): Promise<Review | null>;
  /** Staff's queue: reviews with open reports (oldest report first), or hidden ones (latest first). */
  listQueue(queue: ReviewQueue, options?: { limit?: number; offset?: number }): Promise<Review[]>;
  countQueue(queue: ReviewQueue): Promise<number>;
  /** The reports of a review, newest first, at most `limit`. */
  reportsOf(reviewId: string, limit: number): Promise<ReviewReport[]>;
}

export class ReviewTakenError extends Error {
  constructor() {
    super('another account of the organization wrote this review');
    this.name = 'ReviewTakenError';
  }
}
