import type { ProofMethod, VerificationStatus } from '@agentry/domain/domain-verification';

// The store's part for providers' domain verifications (issue 26). Both adapters implement it;
// the contract (contract/trust.ts) holds them to it.

export type { ProofMethod, VerificationStatus };

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
