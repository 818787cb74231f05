import { AGENT_EVENT_KINDS, type AgentEventKind } from '@agentry/domain/agent-events';

// The store's part for provider analytics: counts per agent and week, counted once per audience.
// Both adapters implement it; the contract (contract/analytics.ts, contract/count-once.ts) holds
// them to it.

/** What provider analytics count, per agent and per week. No visitor is recorded with a count. */
export { AGENT_EVENT_KINDS, type AgentEventKind };

export type AgentWeekCounts = { agent_id: string; week: string } & Record<AgentEventKind, number>;

/**
 * Counts that happen at most once: one audience's (a person's or a client's) `kind` on one UTC day,
 * each agent at most once, and at most `cap` agents in all. The store keeps one row per such tally
 * (named by a keyed hash of the audience, kind and day) holding an 8-byte digest of each agent it
 * counted, until `expires_at`: every API process that asks about the same tally meets the same
 * answer (issue 21, finding 3). One row per audience, day and kind, not one per counted agent: a
 * visitor's searches cost one read and one write a flush instead of one index entry per agent
 * (issue 24). Names and digests are keyed hashes made by the caller: nothing about the audience or
 * the agents it saw is stored in the clear, nothing the store could turn back into an address.
 */
export interface OnceGroup {
  /** Unique to (day, audience, kind): the row that remembers what this audience counted that day. */
  tally: string;
  kind: AgentEventKind;
  /** The week (a Monday, YYYY-MM-DD) the counts go to: the day's week. */
  week: string;
  /** Agents one tally admits; the ones past it are not counted (nor remembered). */
  cap: number;
  /** When the store may forget the tally (epoch ms). */
  expires_at: number;
  /**
   * The agents to count, in order, each with its digest: ONCE_DIGEST_HEX lowercase hex characters,
   * unique to (day, audience, kind, agent). An agent whose digest the tally holds does not count.
   */
  agents: Array<{ agent_id: string; digest: string }>;
}

/** Longest tally name a store accepts: the callers send 22 characters of a hash. */
export const ONCE_KEY_MAX = 64;
/** An agent's digest in a tally: 8 bytes, written as 16 hex characters. */
export const ONCE_DIGEST_BYTES = 8;
export const ONCE_DIGEST_HEX = ONCE_DIGEST_BYTES * 2;
const DIGEST = /^[0-9a-f]{16}$/;

/** Throws on a group no caller should send (it is a bug to hear about, not input to store). */
export function assertValidOnceGroup(group: OnceGroup): void {
  const { tally, cap, expires_at, kind, agents } = group;
  if (typeof tally !== 'string' || tally.length === 0 || tally.length > ONCE_KEY_MAX)
    throw new RangeError(`a once-count tally must be 1 to ${ONCE_KEY_MAX} characters`);
  if (!Number.isSafeInteger(cap) || cap < 1)
    throw new RangeError('a once-count cap must be a positive integer');
  if (!Number.isSafeInteger(expires_at))
    throw new RangeError('a once-count expiry must be epoch milliseconds');
  if (!AGENT_EVENT_KINDS.includes(kind)) throw new RangeError('unknown agent event kind');
  if (!Array.isArray(agents)) throw new RangeError('a once-count group lists its agents');
  for (const { digest } of agents)
    if (typeof digest !== 'string' || !DIGEST.test(digest))
      throw new RangeError(`a once-count digest must be ${ONCE_DIGEST_HEX} lowercase hex characters`);
}

/** A count to add: `count` to one agent's `kind` in one week. */
export interface OnceIncrement {
  agent_id: string;
  week: string;
  kind: AgentEventKind;
  count: number;
}

export interface AgentStatsRepository {
  /** Adds batched counts: one entry per agent, week and kind, applied together. */
  increment(entries: OnceIncrement[]): Promise<void>;
  /**
   * Counts each group's agents whose digest its tally does not hold, while the tally is under its
   * cap, in order, and adds their digests to the tally: all in one transaction, so two processes
   * counting the same agent for the same tally at once count it once. Answers how many were counted.
   */
  countOnce(groups: OnceGroup[]): Promise<number>;
  /**
   * What countOnce decides and remembers in the tallies, without adding to the counts: answers the
   * counts the admitted agents make (one entry per agent, week and kind), for the caller to write
   * with increment(). The analytics counter writes a whole flush's counts after its tallies, in
   * agent order, so that each page of the counts is written once a flush rather than once per
   * chunk (issue 24).
   */
  admitOnce(groups: OnceGroup[]): Promise<OnceIncrement[]>;
  /** Forgets at most `limit` tallies that expired before `now`; answers how many. */
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
