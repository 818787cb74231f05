// The store's part for employer tools (shortlists, contact and demo requests) and provider
// analytics. Both adapters implement it; the contract (contract-employer.ts) holds them to it.

import { AGENT_EVENT_KINDS, type AgentEventKind } from '@agentry/domain/agent-events';
import { API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';
import {
  CONTACT_STATUSES,
  type ContactKind,
  type ContactReply,
  type ContactStatus,
  REQUEST_OUTCOMES,
  type RequestOutcome,
  SHORTLIST_AGENTS_MAX,
  SHORTLISTS_PER_USER_MAX,
} from '@agentry/domain/employer-tools';

export type { ContactKind, ContactReply, ContactStatus, RequestOutcome };
export {
  API_KEYS_PER_EMPLOYER_MAX,
  CONTACT_STATUSES,
  REQUEST_OUTCOMES,
  SHORTLIST_AGENTS_MAX,
  SHORTLISTS_PER_USER_MAX,
};

/** One agent on a list and who put it there (issue 28: a team's lists keep each item's author). */
export interface ShortlistItem {
  agent_id: string;
  /** The user who added it; null for items added before authors were kept. */
  added_by: string | null;
  added_at: string | null;
}

export interface Shortlist {
  id: string;
  /** The owner: the employer, or for a team the subscriber's id (employerScopeOf on the server). */
  user_id: string;
  name: string;
  /** In the order they were added. */
  agent_ids: string[];
  /** The same agents, in the same order, with who added them. */
  items: ShortlistItem[];
  /** The user who made the list; null for lists made before authors were kept. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Every call is scoped to its owner: another owner's list is answered as a missing one (null).
 * `authorId` is who acts (a team member acts on the subscriber's lists); the owner by default.
 */
export interface ShortlistRepository {
  create(userId: string, name: string, authorId?: string): Promise<Shortlist>;
  /** The user's lists, newest first, at most SHORTLISTS_PER_USER_MAX. */
  listForUser(userId: string): Promise<Shortlist[]>;
  countForUser(userId: string): Promise<number>;
  get(id: string, userId: string): Promise<Shortlist | null>;
  rename(id: string, userId: string, name: string): Promise<Shortlist | null>;
  delete(id: string, userId: string): Promise<boolean>;
  /** Adds the agent at the end unless it is there already. */
  addAgent(id: string, userId: string, agentId: string, authorId?: string): Promise<Shortlist | null>;
  removeAgent(id: string, userId: string, agentId: string): Promise<Shortlist | null>;
}

export interface ContactRequest {
  id: string;
  agent_id: string;
  /** The agent's name when the request was sent (the agent may be renamed or removed later). */
  agent_name: string;
  employer_id: string;
  /** The account that owns the agent; null sends the request to the admin inbox. */
  provider_id: string | null;
  kind: ContactKind;
  message: string;
  preferred_times: string | null;
  company: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  status: ContactStatus;
  replies: ContactReply[];
  /** Where it stands for the employer (talking, trial, hired, not a fit); null until they say. */
  outcome: RequestOutcome | null;
  outcome_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ContactRequestCreate = Omit<
  ContactRequest,
  'id' | 'status' | 'replies' | 'outcome' | 'outcome_at' | 'created_at' | 'updated_at'
>;

/** When a request was sent and first answered: what reply times are computed from (domain/reply-time.ts). */
export interface ContactTiming {
  employer_id: string;
  created_at: string;
  first_reply_at: string | null;
}

/** Whose requests: a provider's inbox, the admin inbox (no provider), or what an employer sent. */
export type ContactInbox = { providerId: string } | { admin: true } | { employerId: string };

/** The most requests one list() call answers. */
export const CONTACT_LIST_MAX = 200;

/** The sending limits create() checks together with the insert. */
export interface ContactSendLimits {
  /** At most `max` requests by this employer created at or after `since`... */
  since: Date;
  max: number;
  /** ...and none about the same agent at or after `sameAgentSince`. */
  sameAgentSince: Date;
}

export interface ContactRequestRepository {
  /**
   * Stores a request; with `limits`, first checks them and throws ContactThrottledError when one
   * is reached. The check and the insert are atomic, so the limits hold across processes and for
   * requests sent at the same instant: SQLite in one write transaction, MongoDB in a transaction
   * that writes the sender's counter first (mongo/contacts.ts).
   */
  create(input: ContactRequestCreate, limits?: ContactSendLimits): Promise<ContactRequest>;
  get(id: string): Promise<ContactRequest | null>;
  /** Newest first, at most CONTACT_LIST_MAX. */
  list(
    inbox: ContactInbox,
    options?: { status?: ContactStatus; limit?: number; offset?: number },
  ): Promise<ContactRequest[]>;
  count(inbox: ContactInbox, options?: { status?: ContactStatus }): Promise<number>;
  setStatus(id: string, status: ContactStatus): Promise<ContactRequest | null>;
  /**
   * Appends a reply. A provider's or staff's marks the request replied; an employer's (issue 25's
   * conversation) marks it new again: it waits for the provider.
   */
  addReply(id: string, reply: ContactReply): Promise<ContactRequest | null>;
  /** How many requests this employer sent since `since` (the throttle's store-side check). */
  countSentSince(employerId: string, since: Date): Promise<number>;
  /**
   * Sets where the request stands for the employer who sent it (null clears it); null when this
   * employer sent no request of this id.
   */
  setOutcome(id: string, employerId: string, outcome: RequestOutcome | null): Promise<ContactRequest | null>;
  /**
   * The provider's newest contact and demo requests (not ownership reports), at most `limit` (and
   * CONTACT_LIST_MAX): who sent each, when, and when it was first answered.
   */
  timings(providerId: string, limit: number): Promise<ContactTiming[]>;
}

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

/**
 * An employer's API key as the store keeps it: never the key itself, only its SHA-256
 * (`token_hash`, used to find it, never answered) and its first characters (`prefix`) to tell
 * keys apart.
 */
export interface ApiKey {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  created_at: string;
  /** When a request last used it (to the minute or so: see touch), null until then. */
  last_used_at: string | null;
}

export interface ApiKeyCreate {
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
}

/** Every call but findByHash is scoped to the key's owner: another user's key answers as a missing one. */
export interface ApiKeyRepository {
  /**
   * Stores a key; throws ApiKeyLimitError when the user holds `max` keys already. SQLite counts and
   * inserts in one write transaction; MongoDB counts, then inserts (two at the same instant may both pass).
   */
  create(input: ApiKeyCreate, max: number): Promise<ApiKey>;
  /** The user's keys, newest first, at most API_KEYS_PER_EMPLOYER_MAX. */
  listForUser(userId: string): Promise<ApiKey[]>;
  /** The key whose SHA-256 this is, whoever holds it; null for an unknown or revoked key. */
  findByHash(tokenHash: string): Promise<ApiKey | null>;
  /** Deletes the key (a revoked key is gone); false when the user holds no key of this id. */
  revoke(id: string, userId: string): Promise<boolean>;
  /** Records when keys were last used, batched: each time is kept only if later than the stored one. */
  touch(entries: Array<{ id: string; at: string }>): Promise<void>;
}

export class ApiKeyLimitError extends Error {
  constructor(readonly max: number) {
    super(`at most ${max} API keys`);
    this.name = 'ApiKeyLimitError';
  }
}

export class DuplicateShortlistError extends Error {
  constructor(readonly shortlistName: string) {
    super(`You already have a list named ${shortlistName}`);
    this.name = 'DuplicateShortlistError';
  }
}

export class ContactThrottledError extends Error {
  constructor(readonly reason: 'too_many' | 'same_agent') {
    super(reason === 'too_many' ? 'too many requests' : 'a request about this agent was just sent');
    this.name = 'ContactThrottledError';
  }
}
