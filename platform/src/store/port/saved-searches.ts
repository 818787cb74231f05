import type { DigestFrequency, SavedSearchQuery } from '@agentry/domain/saved-searches';

// The store's part for saved searches and their digests (issue 28, item 3). Both adapters
// implement it; contract/saved-searches.ts holds them to it. Every call an employer makes is
// scoped to the owner (`owner_id`: the employer's id, or their team owner's when a team shares
// them); another owner's search answers as a missing one. The digest job reads across owners
// (listDue, findById) and claims each digest atomically, so two processes never send the same one.

export interface SavedSearchRecord {
  id: string;
  /** Whose search it is: the employer's scope (server/src/policies/employer-scope.ts: theirs, or their team's). */
  owner_id: string;
  /** The account that saved it: its address receives the digest. */
  created_by: string;
  name: string;
  search: SavedSearchQuery;
  alert: DigestFrequency;
  /** Agents added or changed after this are the next digest's news (first: when it was saved). */
  last_digest_at: string;
  /** When the next digest is due; null when alerts are off. */
  next_digest_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SavedSearchCreate {
  owner_id: string;
  created_by: string;
  name: string;
  search: SavedSearchQuery;
  alert: DigestFrequency;
  /** When it was saved, by the caller's clock: the first digest's news are the changes after it. */
  last_digest_at: string;
  next_digest_at: string | null;
}

export interface SavedSearchPatch {
  name?: string;
  alert?: DigestFrequency;
  next_digest_at?: string | null;
}

/** A listed agent added or changed in a time window: what a digest looks for among a search's matches. */
export interface ChangedAgent {
  id: string;
  created_at: string;
  updated_at: string;
}

/** The most rows one listDue() or changedAgents() call answers. */
export const SAVED_SEARCH_BATCH_MAX = 1000;

export interface SavedSearchRepository {
  /**
   * Stores a search; throws SavedSearchLimitError when the owner holds `max` already. SQLite counts
   * and inserts in one write transaction; MongoDB counts, then inserts (two at the same instant may
   * both pass, as for API keys).
   */
  create(input: SavedSearchCreate, max: number): Promise<SavedSearchRecord>;
  /** The owner's searches, newest first, at most `limit`. */
  listForOwner(ownerId: string, limit: number): Promise<SavedSearchRecord[]>;
  get(id: string, ownerId: string): Promise<SavedSearchRecord | null>;
  update(id: string, ownerId: string, patch: SavedSearchPatch): Promise<SavedSearchRecord | null>;
  delete(id: string, ownerId: string): Promise<boolean>;
  /** Any owner's search: the digest job and the signed unsubscribe link. */
  findById(id: string): Promise<SavedSearchRecord | null>;
  /** Turns the search's e-mails off (the unsubscribe link); null when there is no such search. */
  stopAlerts(id: string): Promise<SavedSearchRecord | null>;
  /** Searches with alerts on whose digest is due at `now`, by id, after `afterId`; at most `limit`. */
  listDue(now: Date, limit: number, afterId?: string): Promise<SavedSearchRecord[]>;
  countDue(now: Date): Promise<number>;
  /**
   * Records a digest as done if nobody did it meanwhile: only while last_digest_at is still
   * `expectedLast` (compare and set). True when this caller took it, and may send its e-mail.
   */
  claimDigest(id: string, expectedLast: string, digestAt: string, nextAt: string | null): Promise<boolean>;
  /**
   * Listed agents whose last change is after `since` and at or before `until`, oldest change first
   * (then by id), after the keyset `after`; at most `limit`.
   */
  changedAgents(
    since: Date,
    until: Date,
    limit: number,
    after?: { updated_at: string; id: string },
  ): Promise<ChangedAgent[]>;
}

export class SavedSearchLimitError extends Error {
  constructor(readonly max: number) {
    super(`at most ${max} saved searches`);
    this.name = 'SavedSearchLimitError';
  }
}
