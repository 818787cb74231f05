import type { Agent, AgentField, AgentHold } from '@agentry/domain/agent';
import type { DayCount } from './day-count';

// The store's part for the catalog's agents: the spec's fields and the record's private ones, how
// agents are listed, counted, claimed and merged. Both adapters implement it; the contract
// (contract/agents.ts) holds them to it.

/** The spec's fields (domain's AGENT_FIELDS) and the record's private ones. */
export interface AgentCreate extends Record<AgentField, string> {
  email?: string | null;
  status?: string | null;
  owner_id?: string | null;
  /** Created held (and so removed): not listed until staff approve it or its address confirms it. */
  held_for?: AgentHold | null;
}

export interface AgentPatch extends Partial<AgentCreate> {
  removed?: boolean;
}

/** The texts plain matching reads (basic-search.ts FIELD_WEIGHTS), in the order it joins them. */
export const PLAIN_MATCH_FIELDS = ['name', 'role', 'category', 'description', 'provider'] as const;
export type PlainMatchField = (typeof PLAIN_MATCH_FIELDS)[number];

/** An agent's id and the texts plain matching reads, as stored. */
export type PlainMatchText = Pick<Agent, 'id' | PlainMatchField>;

/**
 * searchBasicHeld's answer: the candidates' ids, in order, and which words of the query (queryTokens,
 * at most twelve) each one's five texts hold, a bit each (held[i] for ids[i]; bit j for the j-th
 * word), the texts read as shown (entities decoded) and without regard to case
 * (basic-search.ts heldWords). Two arrays rather than an object per candidate: a thousand of them
 * cross from the plain-matching thread each degraded search.
 */
export interface PlainMatchHeld {
  ids: string[];
  held: Uint16Array;
}

/** Filters shared by list() and count(). Category and role match without regard to case. */
export interface AgentFilter {
  includeRemoved?: boolean;
  category?: string;
  role?: string;
  ownerId?: string;
  /** Agents registered under this e-mail (case-insensitive). */
  email?: string;
  /** Only agents that no account owns yet. */
  unowned?: boolean;
  /** Only agents held for this reason (held agents are removed: this implies includeRemoved). */
  heldFor?: AgentHold;
  /**
   * Only agents whose name contains this text, without regard to (ASCII) case: staff's search by
   * name (issue 25). Matched as plain text (`%`, `_`, `.` and the like mean themselves); the admin
   * API bounds it (domain's ADMIN_NAME_SEARCH_MAX).
   */
  nameContains?: string;
}

/** What a scan() reads besides the agents' own fields. */
export interface ScanOptions {
  /** False: without the trust signals (trust/with-agent-trust.ts); true by default. */
  trust?: boolean;
}

/** The most agents one list() call answers, whatever it asks: whole-catalog work uses scan(). */
export const AGENT_LIST_MAX = 1000;

/** The most agents one link (and so one claimListed() call) may cover. */
export const CLAIM_AGENTS_MAX = 20;

export interface AgentListOptions extends AgentFilter {
  /** How many agents to answer, at most AGENT_LIST_MAX (also the default). */
  limit?: number;
  /** How many agents of the order to skip first (0 by default). */
  offset?: number;
}

/** Filters of count(): the same meaning as in list(). */
export type AgentCountOptions = AgentFilter;

/** The fields countBy() groups by. */
export type AgentGroupField = 'category' | 'role';

/** One distinct value and how many agents carry it. */
export interface AgentGroupCount {
  value: string;
  count: number;
}

/** The most spellings one countByProvider() call answers. */
export const PROVIDER_COUNT_MAX = 5000;

/** The most agents one moveProvider() call moves (one transaction). */
export const PROVIDER_MOVE_MAX = 500;

/** One provider spelling, exactly as agents carry it, and how many agents (removed ones too) do. */
export interface ProviderCount {
  provider: string;
  agents: number;
}

/** What one moveProvider() batch did. */
export interface ProviderMoveBatch {
  /** Ids of the agents now under `into`. */
  moved: string[];
  /** Agents left under `from`: one with the same name already exists under `into`. */
  clashed: Array<{ id: string; name: string }>;
  /** The last agent id this batch read (the next batch's `afterId`); null when none was left. */
  lastId: string | null;
}

export interface ImportOutcome {
  added: number;
  /** Rows whose name + provider already exist (or repeat within the batch), with their index in the batch. */
  duplicates: Array<{ index: number; name: string; provider: string }>;
}

export interface AgentRepository {
  /** Throws DuplicateAgentError when an agent with the same name and provider exists. */
  create(input: AgentCreate): Promise<Agent>;
  /** Inserts a batch in one transaction, skipping agents that already exist (identity: name + provider). */
  importMany(inputs: AgentCreate[]): Promise<ImportOutcome>;
  get(id: string): Promise<Agent | null>;
  /** The agent whose name and provider make the same identity (agentIdentityKey), removed or held ones too. */
  findByIdentity(name: string, provider: string): Promise<Agent | null>;
  /** The agents with these ids that exist, in no particular order. */
  getMany(ids: string[]): Promise<Agent[]>;
  /** Null when no agent has this id. Throws DuplicateAgentError when the new name + provider clash. */
  update(id: string, patch: AgentPatch): Promise<Agent | null>;
  /**
   * One page of agents sorted by category, then role, then name (case-insensitive), then id, so
   * that pages neither overlap nor skip. Removed agents only with includeRemoved. At most `limit`
   * agents (AGENT_LIST_MAX by default and at most), after skipping `offset`.
   */
  list(options?: AgentListOptions): Promise<Agent[]>;
  /** How many agents list() would give with the same filters and no limit. */
  count(options?: AgentCountOptions): Promise<number>;
  /**
   * Agents not removed, counted per distinct value of `field` (one entry per value exactly as
   * categories() and roles() list them, in the same order), optionally among the agents of one
   * category (matched without regard to case): countBy('role', { category }) for its roles. As long
   * as the number of distinct values.
   */
  countBy(field: AgentGroupField, filter?: { category?: string }): Promise<AgentGroupCount[]>;
  /**
   * Gives the agents named by `agentIds` (at most CLAIM_AGENTS_MAX) to `ownerId`, but only those
   * still unowned, registered under `email` (without regard to case) and either held for a claim
   * (they are listed now) or listed; each with its change-log entry, in one transaction. A link
   * hands over what it was issued for and nothing else. Answers the ids that passed.
   */
  claimListed(input: { agentIds: string[]; email: string; ownerId: string }): Promise<string[]>;
  /**
   * Deletes the agent for good if it is held for `hold` and unowned (staff rejected it, or nobody
   * claimed it): its name is free again. Answers the record as it was, or null when it was not so.
   */
  discardHeld(id: string, hold: AgentHold): Promise<Agent | null>;
  /** Deletes for good, oldest first, at most `limit` unowned agents held for a claim created before `before`. */
  discardLapsedClaims(before: Date, limit: number): Promise<number>;
  /**
   * Records that what these agents show changed without an edit (their trust signals: a domain
   * verified or lapsed, a site gone down or back, a review): updated_at moves and each gets its
   * change-log entry in one transaction, so the search index reads them again. At most 1,000 ids;
   * unknown ids are skipped. Returns how many were touched.
   */
  touch(ids: string[]): Promise<number>;
  /** Categories of agents not removed, sorted. */
  categories(): Promise<string[]>;
  /** Roles of agents not removed, in one category or in all, sorted. */
  roles(category?: string): Promise<string[]>;
  /**
   * The listing's groups version: a number that moves whenever what categories(), roles(),
   * countBy() and count() by category and role answer may have changed (an agent listed or
   * unlisted, created or deleted while listed, or a listed agent's category or role changed,
   * whoever wrote it) and stays put on other edits. Values cached from those reads key on it.
   */
  groupsVersion(): Promise<number>;
  /**
   * Plain substring matching over name, role, category, description and provider: the fallback when
   * the engine is down. Its agents come without their trust signals (the one read of this port that
   * does not attach them, trust/with-agent-trust.ts): they are candidates, of which the fallback
   * shows a page, and attaches trust to that page.
   */
  searchBasic(query: string, limit: number): Promise<Agent[]>;
  /**
   * searchBasic's candidates (the same agents, in the same order) as their ids and the query words
   * each holds, nothing else: the search fallback floors up to a thousand of them on those words
   * and reads whole records (getMany) for the page it shows (issue 24: copying a thousand whole
   * agents a query, then a thousand agents' five texts, was most of a degraded search's time).
   */
  searchBasicHeld(query: string, limit: number): Promise<PlainMatchHeld>;
  /**
   * Every agent not removed, in batches, in a stable order of ids, for whole-catalog work
   * (reindexing, the sitemap); with `afterId`, only those that come after that agent's id in this
   * order (a keyset: a later batch is found without reading the earlier ones again). With
   * `{ trust: false }` the agents come without their trust signals, as searchBasic's do: for work
   * that reads none of them (the sitemap reads ids and dates), which would otherwise pay five
   * batched reads per batch on the request thread.
   */
  scan(batchSize: number, afterId?: string, options?: ScanOptions): AsyncIterable<Agent[]>;
  /** Agents created at or after `since` (removed ones too), counted per UTC day, oldest day first. */
  createdPerDay(since: Date): Promise<DayCount[]>;
  /**
   * For each of these accounts (at most 500), how many agents it owns, removed ones included, and
   * how many of them are live; one grouped read for a whole page of subscribers. Owners of no
   * agent are left out.
   */
  countByOwner(ownerIds: string[]): Promise<Array<{ owner_id: string; agents: number; live: number }>>;
  /**
   * Provider spellings (compared exactly) with how many agents carry each, removed ones included:
   * one grouped read, in binary order of the spelling, only those after `after` (a keyset), at most
   * `limit` (PROVIDER_COUNT_MAX by default and at most). Staff's likely duplicates are found in it.
   */
  countByProvider(options?: { after?: string; limit?: number }): Promise<ProviderCount[]>;
  /**
   * One batch of a provider merge: the agents whose provider is exactly `from` (removed ones too),
   * in id order after `afterId`, at most `limit` (at most PROVIDER_MOVE_MAX), get `into` as their
   * provider, each with its change-log entry, in one transaction. An agent whose name already
   * exists under `into` (agentIdentityKey) is left as it is and reported as clashed.
   */
  moveProvider(input: {
    from: string;
    into: string;
    afterId?: string;
    limit: number;
  }): Promise<ProviderMoveBatch>;
}

export class DuplicateAgentError extends Error {
  constructor(
    readonly agentName: string,
    readonly provider: string,
  ) {
    super(`An agent named ${agentName} from ${provider} is already listed`);
    this.name = 'DuplicateAgentError';
  }
}
