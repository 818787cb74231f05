import { type Connection, type Model, Schema, type Types } from 'mongoose';
import type { ProofMethod, SiteCheckOutcome, SiteState, VerificationStatus } from '../port';

// The trust collections (issue 26) as MongoDB keeps them; times as dates (their indexes order them),
// mapped to ISO strings by each repository.

const options = { versionKey: false, id: false } as const;

export interface DomainVerificationDoc {
  _id: Types.ObjectId;
  user_id: string;
  domain: string;
  token: string;
  status: VerificationStatus;
  method: ProofMethod | null;
  verified_at: Date | null;
  checked_at: Date | null;
  next_check_at: Date | null;
  failures: number;
  lapsed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const nullableDate = { type: Date, default: null };

const verificationSchema = new Schema<DomainVerificationDoc>(
  {
    user_id: String,
    domain: String,
    token: String,
    status: { type: String, enum: ['pending', 'verified', 'lapsed'] },
    method: { type: String, enum: ['dns', 'file', 'meta', null], default: null },
    verified_at: nullableDate,
    checked_at: nullableDate,
    next_check_at: nullableDate,
    failures: { type: Number, default: 0 },
    lapsed_at: nullableDate,
    created_at: Date,
    updated_at: Date,
  },
  options,
);
// One record per user and domain; its prefix serves the badges' read of a page of owners.
verificationSchema.index({ user_id: 1, domain: 1 }, { unique: true });
verificationSchema.index({ status: 1, next_check_at: 1 });
verificationSchema.index({ status: 1, lapsed_at: -1, _id: -1 });

/** One record per agent, keyed by the agent's id. */
export interface LinkCheckDoc {
  _id: string;
  url: string;
  state: SiteState;
  state_since: Date | null;
  outcome: SiteCheckOutcome;
  http_status: number | null;
  final_url: string | null;
  detail: string | null;
  checked_at: Date;
  failures: number;
  first_failure_at: Date | null;
  notified_at: Date | null;
  /** Absent when no retry is due, so the partial index holds retries only. */
  retry_at?: Date;
}

const linkCheckSchema = new Schema<LinkCheckDoc>(
  {
    _id: String,
    url: String,
    state: { type: String, enum: ['up', 'down', 'unknown', 'unchecked'] },
    state_since: nullableDate,
    outcome: String,
    http_status: { type: Number, default: null },
    final_url: { type: String, default: null },
    detail: { type: String, default: null },
    checked_at: Date,
    failures: { type: Number, default: 0 },
    first_failure_at: nullableDate,
    notified_at: nullableDate,
    retry_at: Date,
  },
  options,
);
linkCheckSchema.index({ retry_at: 1 }, { partialFilterExpression: { retry_at: { $type: 'date' } } });
linkCheckSchema.index({ state: 1, state_since: 1, _id: 1 });

export interface ReviewDoc {
  _id: Types.ObjectId;
  agent_id: string;
  org_key: string;
  author_id: string;
  organization: string;
  rating: number;
  body: string;
  hidden: boolean;
  moderation_reason: string | null;
  moderated_at: Date | null;
  reply: { body: string; at: Date } | null;
  open_reports: number;
  first_open_report_at: Date | null;
  last_reported_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const reviewSchema = new Schema<ReviewDoc>(
  {
    agent_id: String,
    org_key: String,
    author_id: String,
    organization: String,
    rating: Number,
    body: String,
    hidden: { type: Boolean, default: false },
    moderation_reason: { type: String, default: null },
    moderated_at: nullableDate,
    reply: { type: new Schema({ body: String, at: Date }, { _id: false }), default: null },
    open_reports: { type: Number, default: 0 },
    first_open_report_at: nullableDate,
    last_reported_at: nullableDate,
    created_at: Date,
    updated_at: Date,
  },
  options,
);
// One review per organisation per agent.
reviewSchema.index({ agent_id: 1, org_key: 1 }, { unique: true });
// An agent's readable reviews, newest first, and their count and sum.
reviewSchema.index({ agent_id: 1, hidden: 1, _id: -1 });
// Staff's queues: reported (oldest report first) and hidden (latest first).
reviewSchema.index(
  { first_open_report_at: 1, _id: 1 },
  { partialFilterExpression: { open_reports: { $gt: 0 } } },
);
reviewSchema.index({ hidden: 1, moderated_at: -1, _id: -1 });

export interface ReviewReportDoc {
  _id: Types.ObjectId;
  review_id: string;
  reason: string;
  created_at: Date;
  resolved_at: Date | null;
}

const reviewReportSchema = new Schema<ReviewReportDoc>(
  { review_id: String, reason: String, created_at: Date, resolved_at: nullableDate },
  options,
);
reviewReportSchema.index({ review_id: 1, _id: -1 });

export interface ListingClaimDoc {
  _id: Types.ObjectId;
  agent_id: string;
  agent_name: string;
  domain: string;
  from_owner_id: string | null;
  to_owner_id: string;
  created_at: Date;
  reversed_at: Date | null;
  reversed_by: string | null;
  reverse_reason: string | null;
}

const listingClaimSchema = new Schema<ListingClaimDoc>(
  {
    agent_id: String,
    agent_name: String,
    domain: String,
    from_owner_id: { type: String, default: null },
    to_owner_id: String,
    created_at: Date,
    reversed_at: nullableDate,
    reversed_by: { type: String, default: null },
    reverse_reason: { type: String, default: null },
  },
  options,
);
listingClaimSchema.index({ agent_id: 1 });

export interface LeaseDoc {
  _id: string;
  holder: string;
  until: Date;
}

const leaseSchema = new Schema<LeaseDoc>({ _id: String, holder: String, until: Date }, options);

export interface TrustModels {
  verifications: Model<DomainVerificationDoc>;
  linkChecks: Model<LinkCheckDoc>;
  reviews: Model<ReviewDoc>;
  reviewReports: Model<ReviewReportDoc>;
  listingClaims: Model<ListingClaimDoc>;
  leases: Model<LeaseDoc>;
}

export function registerTrustModels(conn: Connection): TrustModels {
  return {
    verifications: conn.model<DomainVerificationDoc>(
      'DomainVerification',
      verificationSchema,
      'domain_verifications',
    ),
    linkChecks: conn.model<LinkCheckDoc>('LinkCheck', linkCheckSchema, 'link_checks'),
    reviews: conn.model<ReviewDoc>('Review', reviewSchema, 'reviews'),
    reviewReports: conn.model<ReviewReportDoc>('ReviewReport', reviewReportSchema, 'review_reports'),
    listingClaims: conn.model<ListingClaimDoc>('ListingClaim', listingClaimSchema, 'listing_claims'),
    leases: conn.model<LeaseDoc>('Lease', leaseSchema, 'leases'),
  };
}

/** ISO text of a stored date, or null. */
export const isoOf = (date: Date | null | undefined) => (date ? date.toISOString() : null);
/** A stored date of ISO text, or null. */
export const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
