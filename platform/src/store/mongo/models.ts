import { AGENT_FIELDS, AGENT_HOLDS, type AgentField, type AgentHold } from '@agentry/domain/agent';
import { type Connection, type Model, type mongo, Schema, Types } from 'mongoose';
import {
  AGENT_EVENT_KINDS,
  type AgentWeekCounts,
  type ChangeOp,
  type ContactRequest,
  type ToolWeekCalls,
} from '../port';
import { type AccountModels, registerAccountModels } from './account-models';
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

const kvSchema = new Schema<KvDoc>({ _id: String, value: String }, options);

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

export interface MongoModels extends AccountModels, TrustModels, LogoModels {
  agents: Model<AgentDoc>;
  changes: Model<ChangeDoc>;
  counters: Model<CounterDoc>;
  kv: Model<KvDoc>;
  shortlists: Model<ShortlistDoc>;
  contacts: Model<ContactDoc>;
  agentStats: Model<AgentStatsDoc>;
  agentStatsSeen: Model<AgentStatsSeenDoc>;
  toolUsage: Model<ToolUsageDoc>;
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
    ...registerAccountModels(conn),
    kv: conn.model<KvDoc>('KeyValue', kvSchema, 'kv'),
    shortlists: conn.model<ShortlistDoc>('Shortlist', shortlistSchema, 'shortlists'),
    contacts: conn.model<ContactDoc>('ContactRequest', contactSchema, 'contact_requests'),
    agentStats: conn.model<AgentStatsDoc>('AgentStats', agentStatsSchema, 'agent_stats'),
    agentStatsSeen: conn.model<AgentStatsSeenDoc>('AgentStatsSeen', agentStatsSeenSchema, 'agent_stats_seen'),
    toolUsage: conn.model<ToolUsageDoc>('ToolUsage', toolUsageSchema, 'tool_usage'),
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
