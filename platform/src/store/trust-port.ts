import type { ProofMethod, VerificationStatus } from '@agentry/domain/domain-verification';
import type { SiteCheckOutcome, SiteState } from '@agentry/domain/site-check';

// The store's part for trust (issue 26): domain verifications, the link checker's records,
// reviews and their reports, listings claimed by domain proof, and leases for background jobs.
// Both adapters implement it; contract-trust-*.ts holds them to it.

export type { ProofMethod, SiteCheckOutcome, SiteState, VerificationStatus };

/** A provider's claim to a domain: the token we issued, and what its checks found. */
export interface DomainVerification {
  id: string;
  user_id: string;
  /** Lower case, no "www.", the port kept when not the default (domain/domain-verification.ts). */
  domain: string;
  /** What the proof must carry; public by nature (it is published in DNS or on the site). */
  token: string;
  status: VerificationStatus;
  /** How it was last proven. */
  method: ProofMethod | null;
  verified_at: string | null;
  checked_at: string | null;
  /** When a verified domain is checked again. */
  next_check_at: string | null;
  /** Rechecks in a row that could not reach the proof (a timeout, DNS down): three lapse it. */
  failures: number;
  lapsed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What a check changes. */
export type VerificationCheckPatch = Pick<
  DomainVerification,
  'status' | 'method' | 'verified_at' | 'checked_at' | 'next_check_at' | 'failures' | 'lapsed_at'
>;

/** The most verifications one list answers. */
export const VERIFICATION_LIST_MAX = 200;

export interface DomainVerificationRepository {
  /**
   * Adds a pending domain to the user's; throws DuplicateDomainError when the user holds it already
   * and DomainLimitError past `max` (counted with the insert: SQLite in one transaction; MongoDB
   * counts, then inserts).
   */
  create(input: { user_id: string; domain: string; token: string }, max: number): Promise<DomainVerification>;
  get(id: string): Promise<DomainVerification | null>;
  /** The user's domains, by domain, at most `max` of create(). */
  listForUser(userId: string): Promise<DomainVerification[]>;
  /** Removes the user's domain; the record as it was, or null when the user holds no such domain. */
  remove(id: string, userId: string): Promise<DomainVerification | null>;
  /** Saves a check's outcome; null when no domain has this id. */
  saveCheck(id: string, patch: VerificationCheckPatch): Promise<DomainVerification | null>;
  /** The verified domains of these users (at most 1,000 users): what the badges are worked out from. */
  verifiedFor(userIds: string[]): Promise<Array<{ user_id: string; domain: string }>>;
  /** Verified domains whose recheck is due (next_check_at at or before `now`), the longest due first. */
  listDue(now: Date, limit: number): Promise<DomainVerification[]>;
  /** For staff: every domain, or those of one status; lapsed first by when they lapsed, others newest first. */
  list(options?: {
    status?: VerificationStatus;
    limit?: number;
    offset?: number;
  }): Promise<DomainVerification[]>;
  count(options?: { status?: VerificationStatus }): Promise<number>;
}

/** What the link checker keeps of an agent's website, one record per agent. */
export interface LinkCheckRecord {
  agent_id: string;
  /** The address checked. */
  url: string;
  state: SiteState;
  /** Since when the state holds (down: the first failure of the run). */
  state_since: string | null;
  outcome: SiteCheckOutcome;
  http_status: number | null;
  final_url: string | null;
  detail: string | null;
  checked_at: string;
  /** Failed checks in a row. */
  failures: number;
  first_failure_at: string | null;
  /** When the provider was told the site broke (once per breakage); null while up. */
  notified_at: string | null;
  /** A failed check is tried again then (before the site counts as down); null otherwise. */
  retry_at: string | null;
}

export const LINK_CHECK_LIST_MAX = 500;

export interface LinkCheckRepository {
  get(agentId: string): Promise<LinkCheckRecord | null>;
  /** The records of these agents that exist (at most 1,000 ids). */
  getMany(agentIds: string[]): Promise<LinkCheckRecord[]>;
  /** Inserts or replaces each record, in one transaction. */
  saveMany(records: LinkCheckRecord[]): Promise<void>;
  /** Records whose retry is due (retry_at at or before `now`), the longest due first. */
  listRetries(now: Date, limit: number): Promise<LinkCheckRecord[]>;
  /** Records in one state, the longest in it first (state_since, then agent id); downSince: in it since then or earlier. */
  list(options: {
    state: SiteState;
    downSince?: Date;
    limit?: number;
    offset?: number;
  }): Promise<LinkCheckRecord[]>;
  count(options: { state: SiteState; downSince?: Date }): Promise<number>;
}

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

/** A listing handed over by domain proof: from whom (null: nobody owned it), to whom, and its reversal. */
export interface ListingClaim {
  id: string;
  agent_id: string;
  /** The agent's name when claimed. */
  agent_name: string;
  domain: string;
  from_owner_id: string | null;
  to_owner_id: string;
  created_at: string;
  reversed_at: string | null;
  /** The admin who reversed it. */
  reversed_by: string | null;
  reverse_reason: string | null;
}

export const CLAIM_LIST_MAX = 200;

export interface ListingClaimRepository {
  /**
   * Hands the agent to `to_owner_id` if its owner is still `from_owner_id` (compare and set, with the
   * agent's change-log entry and the claim's record, in one transaction); null when the owner
   * changed meanwhile or the agent is gone.
   */
  claim(
    input: Omit<ListingClaim, 'id' | 'created_at' | 'reversed_at' | 'reversed_by' | 'reverse_reason'>,
  ): Promise<ListingClaim | null>;
  /**
   * Gives the agent back to `from_owner_id` if it is still `to_owner_id`'s and the claim was not
   * reversed (in one transaction with the agent's change); null otherwise.
   */
  reverse(id: string, input: { by: string; reason: string; at: string }): Promise<ListingClaim | null>;
  get(id: string): Promise<ListingClaim | null>;
  /** Newest first. */
  list(options?: { limit?: number; offset?: number }): Promise<ListingClaim[]>;
  count(): Promise<number>;
}

/** Who runs a background job when several processes could: one holder at a time, for a while. */
export interface LeaseRepository {
  /**
   * Takes or renews the lease `name` for `holder` until now + ttlMs: true when it is free, expired
   * or already this holder's; false when another holder has it. Atomic across processes.
   */
  acquire(name: string, holder: string, ttlMs: number, now?: Date): Promise<boolean>;
  /** Lets the lease go, if this holder has it. */
  release(name: string, holder: string): Promise<void>;
}

export class DuplicateDomainError extends Error {
  constructor(readonly domain: string) {
    super(`the domain ${domain} was added already`);
    this.name = 'DuplicateDomainError';
  }
}

export class DomainLimitError extends Error {
  constructor(readonly max: number) {
    super(`at most ${max} domains`);
    this.name = 'DomainLimitError';
  }
}

export class ReviewTakenError extends Error {
  constructor() {
    super('another account of the organisation wrote this review');
    this.name = 'ReviewTakenError';
  }
}
