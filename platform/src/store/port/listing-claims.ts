// The store's part for listings claimed by domain proof (issue 26). Both adapters implement it;
// the contract (contract/trust.ts) holds them to it.

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
