import { SUBSCRIBERS_PAGE_MAX } from '@agentry/domain/admin-rules';
import type { Agent, AgentField, AgentHold } from '@agentry/domain/agent';
import { AUDIT_PAGE_MAX, type AuditAction, type AuditEntityType } from '@agentry/domain/audit';
import type { AuditEntry } from '@agentry/domain/contract/admin';
import type { RateLimitStore } from '../rate-limit/port';
import type {
  AgentStatsRepository,
  ApiKeyRepository,
  ContactRequestRepository,
  ShortlistRepository,
} from './employer-port';
import type { AgentProfileRepository } from './profile-port';
import type { SavedSearchRepository } from './saved-search-port';
import type { TeamRepository } from './team-port';
import type {
  DomainVerificationRepository,
  LeaseRepository,
  LinkCheckRepository,
  ListingClaimRepository,
  ReviewRepository,
} from './trust-port';

// The store port: the source of record. Two adapters implement it (sqlite/ and mongo/) and one
// contract suite (contract.ts) holds both to the same behaviour. Methods are async because the
// MongoDB adapter is; ids are strings whatever the adapter uses inside.

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
  /** Plain substring matching over name, role, category, description and provider: the fallback when the engine is down. */
  searchBasic(query: string, limit: number): Promise<Agent[]>;
  /**
   * Every agent not removed, in batches, in a stable order of ids, for whole-catalog work
   * (reindexing, the sitemap); with `afterId`, only those that come after that agent's id in this
   * order (a keyset: a later batch is found without reading the earlier ones again).
   */
  scan(batchSize: number, afterId?: string): AsyncIterable<Agent[]>;
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

/** How many records were created on one UTC day ('YYYY-MM-DD'). */
export interface DayCount {
  day: string;
  count: number;
}

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

export type UserType = 'agent_provider' | 'employer';

export interface User {
  id: string;
  email: string;
  full_name: string;
  organization: string;
  phone: string | null;
  user_type: UserType;
  /** 'active' or 'inactive': derived from the payment state by domain/subscription.ts, or set by staff. */
  subscription_status: string;
  stripe_customer_id: string | null;
  /** When the person proved they read this e-mail address (a link sent to it); null until then. */
  email_verified_at: string | null;
  /** The provider page's address (/providers/:slug); unique; null for employers. */
  slug: string | null;
  /** The provider's own site, the backlink of the provider page. */
  website: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserWithSecret extends User {
  password_hash: string;
}

export interface UserCreate {
  email: string;
  full_name: string;
  organization: string;
  phone?: string | null;
  user_type: UserType;
  password_hash: string;
  subscription_status?: string;
  stripe_customer_id?: string | null;
  email_verified_at?: string | null;
  slug?: string | null;
  website?: string | null;
}

/**
 * The fields update() may change, written once for both adapters. The e-mail changes only through
 * a confirmed change-of-address link (a command checks that); the store just stores it.
 */
export const USER_EDITABLE_FIELDS = [
  'email',
  'full_name',
  'organization',
  'phone',
  'user_type',
  'password_hash',
  'subscription_status',
  'stripe_customer_id',
  'email_verified_at',
  'slug',
  'website',
] as const satisfies ReadonlyArray<keyof UserCreate>;

export type UserPatch = Partial<Pick<UserCreate, (typeof USER_EDITABLE_FIELDS)[number]>>;

export interface UserRepository {
  /** Throws DuplicateUserError when the e-mail (case-insensitive) is taken. */
  create(input: UserCreate): Promise<User>;
  findById(id: string): Promise<User | null>;
  /** Includes the password hash: only for sign-in. */
  findByEmailWithSecret(email: string): Promise<UserWithSecret | null>;
  findByEmail(email: string): Promise<User | null>;
  findBySlug(slug: string): Promise<User | null>;
  findByStripeCustomerId(customerId: string): Promise<User | null>;
  /** Null when no user has this id. Throws DuplicateUserError when a new e-mail or slug is taken. */
  update(id: string, patch: UserPatch): Promise<User | null>;
  /** One page of users, newest first; at most USER_LIST_MAX (also the default). */
  list(options?: { limit?: number; offset?: number }): Promise<User[]>;
  count(): Promise<number>;
  /** Users per subscription_status value, most common first. */
  countByStatus(): Promise<Array<{ value: string; count: number }>>;
  /** Users created at or after `since`, counted per UTC day, oldest day first. */
  createdPerDay(since: Date): Promise<DayCount[]>;
  /** Providers whose subscription_status is active and who have a slug (provider pages, sitemap), by slug. */
  listSubscribedProviders(limit: number): Promise<User[]>;
}

/** The most users one list() call answers: a page of the admin's subscribers. */
export const USER_LIST_MAX = SUBSCRIBERS_PAGE_MAX;

/** Staff who run the catalog: accounts apart from providers and employers (docs/admin.md). */
export interface Admin {
  id: string;
  /** Stored trimmed and lower-cased; unique. */
  username: string;
  created_at: string;
  /** Whether the admin signs in with a second factor, a TOTP code (docs/admin.md). */
  totp_enabled: boolean;
}

export interface AdminWithSecret extends Admin {
  password_hash: string;
  /** The TOTP secret as the server encrypted it (server/src/auth/totp-secret-box.ts); null when not enrolled. */
  totp_secret: string | null;
  /** The time step of the last code accepted: a code of this step or an earlier one is a replay. */
  totp_last_step: number | null;
  /** How many unused recovery codes the admin has left. */
  recovery_codes_left: number;
}

/** A second factor as enrolment stores it: the encrypted secret and the hashes of the recovery codes. */
export interface AdminTotp {
  secret: string;
  recovery_code_hashes: string[];
}

export interface AdminRepository {
  /** Throws DuplicateAdminError when the username is taken. */
  create(input: { username: string; password_hash: string }): Promise<Admin>;
  findById(id: string): Promise<Admin | null>;
  /** Includes the password hash and the second factor's secret: only for the admin sign-in. */
  findByUsernameWithSecret(username: string): Promise<AdminWithSecret | null>;
  /** The same by id: only for the sign-in's second step. */
  findByIdWithSecret(id: string): Promise<AdminWithSecret | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  /**
   * Enrols a second factor, replacing any earlier one (its secret, recovery codes and last step go),
   * or turns it off with null. False when no admin has this id.
   */
  setTotp(id: string, totp: AdminTotp | null): Promise<boolean>;
  /**
   * Takes a code's time step as used, atomically: false when a code of this step or a later one was
   * accepted before (a replayed code), also when two requests race with the same code.
   */
  useTotpStep(id: string, step: number): Promise<boolean>;
  /** Uses up the recovery code with this hash, atomically: false when the admin has no such unused code. */
  useRecoveryCode(id: string, codeHash: string): Promise<boolean>;
  count(): Promise<number>;
}

/** What staff did to which kind of record (domain/audit.ts: one list for the store, the API and the screen). */
export type { AuditAction, AuditEntityType } from '@agentry/domain/audit';

/** One staff action, as the admin API answers it (its shape is the API's contract). */
export type { AuditEntry } from '@agentry/domain/contract/admin';

export type AuditEntryInput = Omit<AuditEntry, 'id' | 'at'> & { at?: string };

export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  entity_type?: AuditEntityType;
  entity_id?: string;
}

/** The most audit entries one list() call answers: a page of the admin's audit log. */
export const AUDIT_LIST_MAX = AUDIT_PAGE_MAX;

export interface AuditLog {
  record(entry: AuditEntryInput): Promise<AuditEntry>;
  /** Newest first, at most AUDIT_LIST_MAX (also the default). */
  list(options?: AuditFilter & { limit?: number; offset?: number }): Promise<AuditEntry[]>;
  count(filter?: AuditFilter): Promise<number>;
}

export interface SessionRepository {
  get(sid: string): Promise<string | null>;
  /** `userId` is the signed-in user the session belongs to, if any, so that all of a user's sessions can end together. */
  set(sid: string, data: string, expiresAt: Date, userId?: string | null): Promise<void>;
  touch(sid: string, expiresAt: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  /** Ends every session of the user (a password reset), but `exceptSid` if given. Returns how many ended. */
  destroyForUser(userId: string, exceptSid?: string): Promise<number>;
  purgeExpired(now?: Date): Promise<number>;
}

/**
 * verify_email: the account's address (and the agents it registered itself); claim_agent: one
 * agent registered under an address by anyone else, for whoever holds that address's account.
 */
export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'claim_agent';
export const TOKEN_PURPOSES: readonly TokenPurpose[] = [
  'verify_email',
  'reset_password',
  'change_email',
  'claim_agent',
];

/** A single-use link's record. Only a hash of the secret in the link is stored. */
export interface OneTimeToken {
  token_hash: string;
  purpose: TokenPurpose;
  /** The account the link was sent for; '' for a claim link sent to an address with no account. */
  user_id: string;
  /** Purpose-specific data (the new address of a change_email token, the address of a claim_agent one). */
  data: string | null;
  /** The agents opening the link hands over (at most CLAIM_AGENTS_MAX); [] for most links. */
  agent_ids: string[];
  expires_at: string;
  created_at: string;
}

/** The most unexpired tokens listLive() answers. */
export const LIVE_TOKENS_MAX = 20;

export interface TokenRepository {
  issue(input: {
    token_hash: string;
    purpose: TokenPurpose;
    user_id: string;
    data?: string | null;
    agent_ids?: string[];
    expires_at: Date;
  }): Promise<void>;
  /**
   * Uses the token up: atomically deletes it and returns it, or null when it is unknown, of
   * another purpose, already used or expired (an expired token is deleted too).
   */
  consume(tokenHash: string, purpose: TokenPurpose, now?: Date): Promise<OneTimeToken | null>;
  /** Deletes the user's unused tokens of this purpose (a new reset link voids the older ones). */
  revoke(userId: string, purpose: TokenPurpose): Promise<number>;
  /** The user's unexpired tokens of this purpose, newest first, at most LIVE_TOKENS_MAX. */
  listLive(userId: string, purpose: TokenPurpose, now?: Date): Promise<OneTimeToken[]>;
  purgeExpired(now?: Date): Promise<number>;
}

/** Our copy of a user's subscription at the payment provider (Stripe, or the built-in test mode). */
export interface SubscriptionRecord {
  user_id: string;
  plan: 'agent_provider' | 'employer';
  provider: 'test' | 'stripe';
  /** The provider's subscription id (sub_...). */
  subscription_id: string;
  customer_id: string;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired. */
  status: string;
  cancel_at_period_end: boolean;
  /** Unix seconds. */
  current_period_start: number;
  current_period_end: number;
  updated_at: string;
}

export interface BillingRepository {
  /** The user's subscription (one per user: a new one replaces an ended one). */
  getSubscription(userId: string): Promise<SubscriptionRecord | null>;
  findBySubscriptionId(subscriptionId: string): Promise<SubscriptionRecord | null>;
  /** Inserts or replaces the user's subscription; sets updated_at. */
  saveSubscription(record: Omit<SubscriptionRecord, 'updated_at'>): Promise<SubscriptionRecord>;
  /**
   * Subscriptions whose period ended at or before `nowSeconds` and whose status is not final
   * (canceled, incomplete_expired), oldest period end first, at most `limit`: the renewal sweep re-reads them.
   */
  listDue(nowSeconds: number, limit: number): Promise<SubscriptionRecord[]>;
  /** Records a payment event id; false when it was recorded before (a replayed webhook). */
  recordEvent(eventId: string, type: string): Promise<boolean>;
  /** Forgets an event whose handling failed, so that the provider's retry is handled. */
  forgetEvent(eventId: string): Promise<void>;
  /** Deletes event ids recorded before `before` (long past any provider's retries). Returns how many. */
  purgeEvents(before: Date): Promise<number>;
}

/** Small durable settings: indexer checkpoints and the like. */
export interface KeyValueRepository {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

/** Calls of one MCP tool in one ISO week ('2026-W47'). */
export interface ToolWeekCalls {
  tool: string;
  week: string;
  calls: number;
}

/** How often each MCP tool is called per week: counts only, never who called or with what. */
export interface ToolUsageRepository {
  /** Adds batched counts, one entry per tool and week, applied together. */
  increment(entries: ToolWeekCalls[]): Promise<void>;
  /** The counts of the weeks from `sinceWeek` on (ISO week names sort as text), by week then tool. */
  since(sinceWeek: string): Promise<ToolWeekCalls[]>;
}

export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  readonly agents: AgentRepository;
  readonly changes: ChangeLog;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly tokens: TokenRepository;
  readonly billing: BillingRepository;
  readonly kv: KeyValueRepository;
  readonly admins: AdminRepository;
  readonly audit: AuditLog;
  readonly shortlists: ShortlistRepository;
  readonly contacts: ContactRequestRepository;
  readonly agentStats: AgentStatsRepository;
  readonly toolUsage: ToolUsageRepository;
  /** Employers' API keys (hashes only). */
  readonly apiKeys: ApiKeyRepository;
  /** Structured agent profiles (issue 28). */
  readonly profiles: AgentProfileRepository;
  /** Employer teams (issue 28): organisations, members, invitations. */
  readonly teams: TeamRepository;
  /** Employers' saved searches and their digests (issue 28). */
  readonly savedSearches: SavedSearchRepository;
  /** Trust (issue 26): providers' domains, the link checker's records, reviews, listings claimed by domain, job leases. */
  readonly verifications: DomainVerificationRepository;
  readonly linkChecks: LinkCheckRepository;
  readonly reviews: ReviewRepository;
  readonly listingClaims: ListingClaimRepository;
  readonly leases: LeaseRepository;
  /** Rate-limit windows every API process shares (platform/src/rate-limit/port.ts). */
  readonly rateLimits: RateLimitStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
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

export class DuplicateUserError extends Error {
  /** Which unique field clashed: the e-mail, or the provider page slug. */
  constructor(readonly field: 'email' | 'slug' = 'email') {
    super(
      field === 'email' ? 'An account with this email already exists' : 'This provider page address is taken',
    );
    this.name = 'DuplicateUserError';
  }
}

export class DuplicateAdminError extends Error {
  constructor(readonly username: string) {
    super(`An admin named ${username} already exists`);
    this.name = 'DuplicateAdminError';
  }
}
