// Leases for background jobs (issue 26). Both adapters implement it; the contract
// (contract/trust.ts) holds them to it.

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
