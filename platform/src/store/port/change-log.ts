// The change log the indexer follows (contract/change-log.ts): every agent write adds one entry.

export type ChangeOp = 'upsert' | 'delete';

/** One entry of the change log that the indexer follows: every agent write adds one. */
export interface AgentChange {
  seq: number;
  agent_id: string;
  op: ChangeOp;
  at: string;
}

export interface ChangeLog {
  /** Changes with seq > afterSeq, oldest first. */
  since(afterSeq: number, limit: number): Promise<AgentChange[]>;
  /** The newest seq, 0 when empty. */
  head(): Promise<number>;
  /** Deletes entries with seq <= uptoSeq (already applied by every consumer). */
  prune(uptoSeq: number): Promise<number>;
}
