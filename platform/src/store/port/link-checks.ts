import type { SiteCheckOutcome, SiteState } from '@agentry/domain/site-check';

// The store's part for the link checker's records of agents' websites (issue 26). Both adapters
// implement it; the contract (contract/trust.ts) holds them to it.

export type { SiteCheckOutcome, SiteState };

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
