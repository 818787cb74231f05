import { AGENT_EVENT_KINDS, type AgentEventKind } from '@agentry/domain/agent-events';

// The store's part for provider analytics: counts per agent and week, counted once per audience.
// Both adapters implement it; the contract (contract/analytics.ts, contract/count-once.ts) holds
// them to it.

/** What provider analytics count, per agent and per week. No visitor is recorded with a count. */
export { AGENT_EVENT_KINDS, type AgentEventKind };

export type AgentWeekCounts = { agent_id: string; week: string } & Record<AgentEventKind, number>;

/**
 * A count that happens at most once: one agent's `kind` moved by one audience (a person or a client)
 * on one UTC day, and at most `cap` such counts per audience, kind and day. The keys are keyed
 * hashes made by the caller (nothing about the audience in the clear, nothing the store could turn
 * back into an address); the store keeps them until `expires_at`, so every API process that asks
 * about the same key meets the same answer (issue 21, finding 3).
 */
export interface OnceCount {
  agent_id: string;
  week: string;
  kind: AgentEventKind;
  /** Unique to (day, audience, kind, agent): the count happens only if the store has not seen it. */
  key: string;
  /** Unique to (day, audience, kind): how many of this audience's counts happened that day. */
  tally: string;
  /** Counts one tally admits; the ones past it are not counted (nor remembered). */
  cap: number;
  /** When the store may forget the key and the tally (epoch ms). */
  expires_at: number;
}

/** Longest key or tally a store accepts: the callers send 22 characters of a hash. */
export const ONCE_KEY_MAX = 64;

/** Throws on an entry no caller should send (it is a bug to hear about, not input to store). */
export function assertValidOnceCount(entry: OnceCount): void {
  const { key, tally, cap, expires_at, kind } = entry;
  for (const [name, value] of [
    ['key', key],
    ['tally', tally],
  ] as const)
    if (typeof value !== 'string' || value.length === 0 || value.length > ONCE_KEY_MAX)
      throw new RangeError(`a once-count ${name} must be 1 to ${ONCE_KEY_MAX} characters`);
  if (key === tally) throw new RangeError('a once-count key and its tally must differ');
  if (!Number.isSafeInteger(cap) || cap < 1)
    throw new RangeError('a once-count cap must be a positive integer');
  if (!Number.isSafeInteger(expires_at))
    throw new RangeError('a once-count expiry must be epoch milliseconds');
  if (!AGENT_EVENT_KINDS.includes(kind)) throw new RangeError('unknown agent event kind');
}

export interface AgentStatsRepository {
  /** Adds batched counts: one entry per agent, week and kind, applied together. */
  increment(
    entries: Array<{ agent_id: string; week: string; kind: AgentEventKind; count: number }>,
  ): Promise<void>;
  /**
   * Counts each entry whose key the store has not seen and whose tally is under its cap, in order,
   * and remembers its key and tally: all in one transaction, so two processes counting the same key
   * at once count it once. Answers how many were counted.
   */
  countOnce(entries: OnceCount[]): Promise<number>;
  /** Forgets at most `limit` keys and tallies that expired before `now`; answers how many. */
  purgeOnce(now: Date, limit: number): Promise<number>;
  /** The weeks from `sinceWeek` (a Monday, YYYY-MM-DD) on, for these agents (at most 200 of them). */
  forAgents(agentIds: string[], sinceWeek: string): Promise<AgentWeekCounts[]>;
  /**
   * The agents counted most often for one kind in one week (at least once), most first, then by
   * agent id; at most `limit` (and at most STATS_AGENTS_MAX): the public signals' candidates.
   */
  top(
    week: string,
    kind: PublicSignalKind,
    limit: number,
  ): Promise<Array<{ agent_id: string; count: number }>>;
}

/** The kinds the public signals rank by ("most compared", "trending" views): each has its index. */
export type PublicSignalKind = 'compared' | 'opened';

export const STATS_AGENTS_MAX = 200;
