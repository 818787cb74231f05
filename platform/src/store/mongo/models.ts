import { AGENT_FIELDS, AGENT_HOLDS, type AgentField, type AgentHold } from '@agentry/domain/agent';
import { type Connection, type Model, type mongo, Schema, Types } from 'mongoose';
import {
  AGENT_EVENT_KINDS,
  type AgentWeekCounts,
  type ChangeOp,
  type ContactRequest,
  type SubscriptionRecord,
  TOKEN_PURPOSES,
  type TokenPurpose,
  type ToolWeekCalls,
  USER_EDITABLE_FIELDS,
  type UserWithSecret,
} from '../port';
import { type LogoModels, registerLogoModels } from './logos';
import { type AgentProfileDoc, registerProfileModel } from './profiles';
import { registerSavedSearchModel, type SavedSearchDoc } from './saved-searches';
import {
  type OrganizationDoc,
  type OrganizationInvitationDoc,
  type OrganizationMemberDoc,
  registerTeamModels,
} from './team-models';
import { registerTrustModels, type TrustModels } from './trust-models';

// The documents as MongoDB keeps them. Reads go through .lean() and the mapping functions of each
// repository, so these shapes never leave the adapter.

/**
 * Case-insensitive comparison for the listing filters and sort, as SQLite's COLLATE NOCASE gives.
 * A query must name the same collation as an index for the index to serve its string predicates.
 */
export const CASE_INSENSITIVE: mongo.CollationOptions = { locale: 'en', strength: 2 };

/** The spec's fields (domain's AGENT_FIELDS) and the record's own. */
export interface AgentDoc extends Record<AgentField, string> {
  _id: Types.ObjectId;
  email: string | null;
  status: string | null;
  removed: boolean;
  /** Absent or null unless held (for review or a claim); the partial index holds held agents only. */
  held_for?: AgentHold | null;
  /** Absent rather than null when nobody owns the agent, so the sparse owner index holds owned agents only. */
  owner_id?: string;
  pricing: string;
  price_monthly: number | null;
  identity_key: string;
  created_at: Date;
  updated_at: Date;
}

export interface ChangeDoc {
  seq: number;
  agent_id: string;
  op: ChangeOp;
  at: Date;
}

/** Named sequences; `seq` is the last number handed out and only ever grows. */
export interface CounterDoc {
  _id: string;
  seq: number;
}

/** The user record with its dates as dates; email_verified_at stays the ISO string it was given. */
export interface UserDoc extends Omit<UserWithSecret, 'id' | 'created_at' | 'updated_at'> {
  _id: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

export interface SessionDoc {
  _id: string;
  data: string;
  expires_at: Date;
  /** Absent when nobody is signed in, so the sparse index holds signed-in sessions only. */
  user_id?: string;
}

/** A single-use link's record, keyed by the hash of its secret. */
export interface TokenDoc {
  _id: string;
  purpose: TokenPurpose;
  user_id: string;
  data: string | null;
  /** Absent on tokens written before links recorded their agents. */
  agent_ids?: string[];
  expires_at: Date;
  created_at: Date;
}

/** A user's subscription, keyed by the user's id: one per user. */
export interface SubscriptionDoc extends Omit<SubscriptionRecord, 'user_id' | 'updated_at'> {
  _id: string;
  updated_at: Date;
}

/** A payment event already handled, keyed by the provider's event id. */
export interface PaymentEventDoc {
  _id: string;
  type: string;
  received_at: Date;
}

export interface KvDoc {
  _id: string;
  value: string;
}

// No `required` on strings: mongoose would refuse '' where SQLite's NOT NULL takes it. The port's
// types already make the fields present. No version key: nothing here uses optimistic locking.
const options = { versionKey: false, id: false } as const;

const agentSchema = new Schema<AgentDoc>(
  {
    ...Object.fromEntries(AGENT_FIELDS.map((field) => [field, String])),
    email: { type: String, default: null },
    status: { type: String, default: null },
    removed: { type: Boolean, default: false },
    held_for: { type: String, enum: [...AGENT_HOLDS, null], default: null },
    owner_id: String,
    pricing: String,
    price_monthly: { type: Number, default: null },
    identity_key: String,
    created_at: Date,
    updated_at: Date,
  },
  options,
);
// Import identity: the unique index is what makes create() refuse and importMany() skip a duplicate.
agentSchema.index({ identity_key: 1 }, { unique: true });
// Serves list() with or without category/role filters, including its order; _id ends the key so the
// index also yields the tie-break and no in-memory sort is needed.
agentSchema.index({ removed: 1, category: 1, role: 1, name: 1, _id: 1 }, { collation: CASE_INSENSITIVE });
// countBy() groups categories and roles exactly, so it runs without a collation, which the listing
// index cannot serve: this one (binary order) covers its match and its grouping, no document read.
agentSchema.index({ removed: 1, category: 1, role: 1 });
// list({ ownerId }) runs with the listing collation, so this index carries it too to be usable; in
// the listing's order after the owner (issue 25: the provider page a page at a time), so a page of a
// provider's listed agents is read from the index in order, skipping and sorting nothing else.
// Replaces { owner_id: 1 } (`npm run migrate -- --drop-unused` drops that once no older process runs).
agentSchema.index(
  { owner_id: 1, removed: 1, category: 1, role: 1, name: 1, _id: 1 },
  { collation: CASE_INSENSITIVE, partialFilterExpression: { owner_id: { $exists: true } } },
);
// Registration and the claim look agents up by e-mail without regard to case, under this collation.
agentSchema.index({ email: 1 }, { collation: CASE_INSENSITIVE });
// The admin dashboard's "created per week": the newest weeks only.
agentSchema.index({ created_at: 1 });
// Saved searches' digests: listed agents added or changed in a window, oldest change first.
agentSchema.index({ updated_at: 1, _id: 1 }, { partialFilterExpression: { removed: false } });
// The review queue and the sweep of lapsed claims read held agents only, oldest first.
agentSchema.index(
  { held_for: 1, created_at: 1 },
  { partialFilterExpression: { held_for: { $in: [...AGENT_HOLDS] } } },
);
// The admin list: removed agents too, in the listing's order (the listing index starts with removed).
agentSchema.index({ category: 1, role: 1, name: 1, _id: 1 }, { collation: CASE_INSENSITIVE });
// Provider spellings (issue 25): counted per exact spelling, and one spelling's agents in id order for a
// merge's batch. No collation: spellings that differ only in case stay apart, as in SQLite.
agentSchema.index({ provider: 1, _id: 1 });

const changeSchema = new Schema<ChangeDoc>(
  {
    seq: Number,
    agent_id: String,
    op: { type: String, enum: ['upsert', 'delete'] },
    at: Date,
  },
  options,
);
changeSchema.index({ seq: 1 }, { unique: true });

const counterSchema = new Schema<CounterDoc>({ _id: String, seq: Number }, options);

// Every editable field is a string; creating writes them all (null where left out).
const userSchema = new Schema<UserDoc>(
  {
    ...Object.fromEntries(USER_EDITABLE_FIELDS.map((field) => [field, String])),
    user_type: { type: String, enum: ['agent_provider', 'employer'] },
    created_at: Date,
    updated_at: Date,
  },
  options,
);
// E-mails are stored lower-cased, so a plain unique index is the case-insensitive rule.
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ created_at: 1 });
// Unique among the users who have one. A query must repeat the partial filter ($type: 'string')
// for the planner to use these indexes.
userSchema.index({ slug: 1 }, { unique: true, partialFilterExpression: { slug: { $type: 'string' } } });
userSchema.index(
  { stripe_customer_id: 1 },
  { partialFilterExpression: { stripe_customer_id: { $type: 'string' } } },
);

const sessionSchema = new Schema<SessionDoc>(
  { _id: String, data: String, expires_at: Date, user_id: String },
  options,
);
// MongoDB deletes expired sessions itself, within a minute or so; reads still check expires_at.
sessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
sessionSchema.index({ user_id: 1 }, { sparse: true });

const tokenSchema = new Schema<TokenDoc>(
  {
    _id: String,
    purpose: { type: String, enum: [...TOKEN_PURPOSES] },
    user_id: String,
    data: { type: String, default: null },
    agent_ids: { type: [String], default: [] },
    expires_at: Date,
    created_at: Date,
  },
  options,
);
// Expired tokens go by themselves too; consume() still checks the time (the monitor runs each minute).
tokenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
tokenSchema.index({ user_id: 1, purpose: 1 });

const subscriptionSchema = new Schema<SubscriptionDoc>(
  {
    _id: String,
    plan: { type: String, enum: ['agent_provider', 'employer'] },
    provider: { type: String, enum: ['test', 'stripe'] },
    subscription_id: String,
    customer_id: String,
    status: String,
    cancel_at_period_end: Boolean,
    current_period_start: Number,
    current_period_end: Number,
    updated_at: Date,
  },
  options,
);
subscriptionSchema.index({ subscription_id: 1 });
// The renewal sweep: periods ended by now, oldest first.
subscriptionSchema.index({ current_period_end: 1, _id: 1 });

const paymentEventSchema = new Schema<PaymentEventDoc>(
  // A field named `type` is declared the long way, or mongoose reads it as the path's type.
  { _id: String, type: { type: String }, received_at: Date },
  options,
);
// The purge of old event ids.
paymentEventSchema.index({ received_at: 1 });

const kvSchema = new Schema<KvDoc>({ _id: String, value: String }, options);

export interface AdminDoc {
  _id: Types.ObjectId;
  username: string;
  password_hash: string;
  created_at: Date;
  /** Staff two-factor sign-in: the encrypted TOTP secret, the last step accepted, the recovery codes' hashes. */
  totp_secret?: string | null;
  totp_last_step?: number | null;
  recovery_codes?: string[];
}

const adminSchema = new Schema<AdminDoc>(
  {
    username: String,
    password_hash: String,
    created_at: Date,
    totp_secret: { type: String, default: null },
    totp_last_step: { type: Number, default: null },
    recovery_codes: { type: [String], default: [] },
  },
  options,
);
adminSchema.index({ username: 1 }, { unique: true });

/** An audit entry; before and after are kept as the objects they are. */
export interface AuditDoc {
  _id: Types.ObjectId;
  at: Date;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  entity_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const auditSchema = new Schema<AuditDoc>(
  {
    at: Date,
    actor: String,
    action: String,
    entity_type: String,
    entity_id: { type: String, default: null },
    entity_label: String,
    // Mixed: the fields an entry records differ by entity.
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { ...options, minimize: false },
);
// Newest first (by _id, which every collection indexes), whole or by one of the admin screen's filters.
auditSchema.index({ entity_type: 1, entity_id: 1, _id: -1 });
auditSchema.index({ actor: 1, _id: -1 });
auditSchema.index({ action: 1, _id: -1 });

export interface ShortlistDoc {
  _id: Types.ObjectId;
  user_id: string;
  name: string;
  agent_ids: string[];
  /** Who added each agent (issue 28), pushed and pulled with agent_ids; absent on older lists. */
  item_authors?: Array<{ agent_id: string; added_by: string | null; added_at: Date | null }>;
  created_by?: string | null;
  created_at: Date;
  updated_at: Date;
}

const shortlistSchema = new Schema<ShortlistDoc>(
  {
    user_id: String,
    name: String,
    agent_ids: { type: [String], default: [] },
    item_authors: {
      type: [{ _id: false, agent_id: String, added_by: String, added_at: Date }],
      default: [],
    },
    created_by: { type: String, default: null },
    created_at: Date,
    updated_at: Date,
  },
  options,
);
shortlistSchema.index({ user_id: 1, name: 1 }, { unique: true });
shortlistSchema.index({ user_id: 1, _id: -1 });

export interface ContactDoc extends Omit<ContactRequest, 'id' | 'created_at' | 'updated_at'> {
  _id: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

const contactSchema = new Schema<ContactDoc>(
  {
    agent_id: String,
    agent_name: String,
    employer_id: String,
    provider_id: { type: String, default: null },
    kind: { type: String, enum: ['contact', 'demo', 'ownership'] },
    message: String,
    preferred_times: { type: String, default: null },
    company: String,
    contact_name: String,
    contact_email: String,
    contact_phone: { type: String, default: null },
    status: { type: String, enum: ['new', 'replied', 'closed'] },
    replies: { type: [{ _id: false, at: String, by: String, body: String }], default: [] },
    outcome: { type: String, enum: ['talking', 'trial', 'hired', 'not_a_fit', null], default: null },
    outcome_at: { type: String, default: null },
    created_at: Date,
    updated_at: Date,
  },
  options,
);
contactSchema.index({ provider_id: 1, status: 1, _id: -1 });
contactSchema.index({ employer_id: 1, _id: -1 });
// A provider's newest requests whatever their status: reply times (issue 28).
contactSchema.index({ provider_id: 1, _id: -1 });

export type AgentStatsDoc = { _id: string } & Omit<AgentWeekCounts, never>;

const agentStatsSchema = new Schema<AgentStatsDoc>(
  {
    // agent id and week, joined: one document per agent and week, found by its key.
    _id: String,
    agent_id: String,
    week: String,
    ...Object.fromEntries(AGENT_EVENT_KINDS.map((kind) => [kind, { type: Number, default: 0 }])),
  },
  options,
);
agentStatsSchema.index({ agent_id: 1, week: 1 });
// The public signals (issue 26): a week's most compared and most viewed agents.
agentStatsSchema.index({ week: 1, compared: -1, agent_id: 1 });
agentStatsSchema.index({ week: 1, opened: -1, agent_id: 1 });

/**
 * An audience's tally of a kind and day, by its keyed hash (AgentStatsRepository.countOnce): how
 * many agents it counted and their 8-byte digests, one after the other in `digests`.
 */
export interface AgentStatsSeenDoc {
  _id: string;
  n: number;
  digests: Buffer;
  expires_at: Date;
}

const agentStatsSeenSchema = new Schema<AgentStatsSeenDoc>(
  { _id: String, n: Number, digests: Buffer, expires_at: Date },
  options,
);
// _id is the tally, unique by nature; MongoDB deletes the tallies of ended days itself (within a
// minute or so of expires_at), and purgeOnce does the same on demand.
agentStatsSeenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

/**
 * The collection of one row per counted agent that agent_stats_seen replaced (2026-11-28): `npm run
 * migrate` carries what it holds into agent_stats_seen (migrate-once-counts.ts); its own TTL index
 * empties it within two days.
 */
export const LEGACY_ONCE_COLLECTION = 'agent_stats_once';

export type ToolUsageDoc = { _id: string } & ToolWeekCalls;

const toolUsageSchema = new Schema<ToolUsageDoc>(
  {
    // week and tool, joined: one document per tool and week, found by its key.
    _id: String,
    week: String,
    tool: String,
    calls: { type: Number, default: 0 },
  },
  options,
);
toolUsageSchema.index({ week: 1, tool: 1 });

export interface ApiKeyDoc {
  _id: Types.ObjectId;
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  created_at: Date;
  last_used_at: Date | null;
}

const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    user_id: String,
    name: String,
    prefix: String,
    token_hash: String,
    created_at: Date,
    last_used_at: { type: Date, default: null },
  },
  options,
);
// Found by its hash on every request that carries it; listed per owner, newest first.
apiKeySchema.index({ token_hash: 1 }, { unique: true });
apiKeySchema.index({ user_id: 1, _id: -1 });

export interface MongoModels extends TrustModels, LogoModels {
  agents: Model<AgentDoc>;
  changes: Model<ChangeDoc>;
  counters: Model<CounterDoc>;
  users: Model<UserDoc>;
  sessions: Model<SessionDoc>;
  tokens: Model<TokenDoc>;
  subscriptions: Model<SubscriptionDoc>;
  paymentEvents: Model<PaymentEventDoc>;
  kv: Model<KvDoc>;
  admins: Model<AdminDoc>;
  audit: Model<AuditDoc>;
  shortlists: Model<ShortlistDoc>;
  contacts: Model<ContactDoc>;
  agentStats: Model<AgentStatsDoc>;
  agentStatsSeen: Model<AgentStatsSeenDoc>;
  toolUsage: Model<ToolUsageDoc>;
  apiKeys: Model<ApiKeyDoc>;
  /** Structured agent profiles (issue 28). */
  profiles: Model<AgentProfileDoc>;
  /** Employer teams (issue 28). */
  organizations: Model<OrganizationDoc>;
  organizationMembers: Model<OrganizationMemberDoc>;
  organizationInvitations: Model<OrganizationInvitationDoc>;
  /** Employers' saved searches and their digests (issue 28). */
  savedSearches: Model<SavedSearchDoc>;
}

/** Registers the models on this connection only: the global mongoose connection stays unused. */
export function registerModels(conn: Connection): MongoModels {
  return {
    agents: conn.model<AgentDoc>('Agent', agentSchema, 'agents'),
    changes: conn.model<ChangeDoc>('AgentChange', changeSchema, 'agent_changes'),
    counters: conn.model<CounterDoc>('Counter', counterSchema, 'counters'),
    users: conn.model<UserDoc>('User', userSchema, 'users'),
    sessions: conn.model<SessionDoc>('Session', sessionSchema, 'sessions'),
    tokens: conn.model<TokenDoc>('OneTimeToken', tokenSchema, 'one_time_tokens'),
    subscriptions: conn.model<SubscriptionDoc>('Subscription', subscriptionSchema, 'subscriptions'),
    paymentEvents: conn.model<PaymentEventDoc>('PaymentEvent', paymentEventSchema, 'payment_events'),
    kv: conn.model<KvDoc>('KeyValue', kvSchema, 'kv'),
    admins: conn.model<AdminDoc>('Admin', adminSchema, 'admins'),
    audit: conn.model<AuditDoc>('AuditEntry', auditSchema, 'audit_log'),
    shortlists: conn.model<ShortlistDoc>('Shortlist', shortlistSchema, 'shortlists'),
    contacts: conn.model<ContactDoc>('ContactRequest', contactSchema, 'contact_requests'),
    agentStats: conn.model<AgentStatsDoc>('AgentStats', agentStatsSchema, 'agent_stats'),
    agentStatsSeen: conn.model<AgentStatsSeenDoc>('AgentStatsSeen', agentStatsSeenSchema, 'agent_stats_seen'),
    toolUsage: conn.model<ToolUsageDoc>('ToolUsage', toolUsageSchema, 'tool_usage'),
    apiKeys: conn.model<ApiKeyDoc>('ApiKey', apiKeySchema, 'api_keys'),
    profiles: registerProfileModel(conn),
    ...registerTeamModels(conn),
    savedSearches: registerSavedSearchModel(conn),
    ...registerTrustModels(conn),
    ...registerLogoModels(conn),
  };
}

/** A 24-hex-digit string names a document; anything else names none (never a CastError). */
export function objectIdOrNull(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

/**
 * MongoDB's duplicate key error (11000), also as a bulk write error; `field` names the unique
 * index's key. Single-document errors name the key in keyPattern; bulk insert errors may only
 * name the index in their message ("index: slug_1 dup key: ..."); an error naming neither is
 * taken to be about `field`, so callers with several unique indexes ask about the likeliest first.
 */
export function isDuplicateKey(error: unknown, field: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, keyPattern, message } = error as {
    code?: unknown;
    keyPattern?: Record<string, unknown>;
    message?: unknown;
  };
  if (code !== 11000) return false;
  if (keyPattern !== undefined) return field in keyPattern;
  const index = typeof message === 'string' ? /index: (\S+) dup key/.exec(message)?.[1] : undefined;
  return index === undefined || index.startsWith(`${field}_`);
}
