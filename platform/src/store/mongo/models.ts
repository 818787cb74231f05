import { type Connection, type Model, type mongo, Schema, Types } from 'mongoose';
import type { ChangeOp, UserType } from '../port';

// The documents as MongoDB keeps them. Reads go through .lean() and the mapping functions of each
// repository, so these shapes never leave the adapter.

/**
 * Case-insensitive comparison for the listing filters and sort, as SQLite's COLLATE NOCASE gives.
 * A query must name the same collation as an index for the index to serve its string predicates.
 */
export const CASE_INSENSITIVE: mongo.CollationOptions = { locale: 'en', strength: 2 };

export interface AgentDoc {
  _id: Types.ObjectId;
  name: string;
  provider: string;
  category: string;
  role: string;
  description: string;
  cost: string;
  address: string;
  email: string | null;
  status: string | null;
  removed: boolean;
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

export interface UserDoc {
  _id: Types.ObjectId;
  email: string;
  full_name: string;
  organization: string;
  phone: string | null;
  user_type: UserType;
  password_hash: string;
  subscription_status: string;
  stripe_customer_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SessionDoc {
  _id: string;
  data: string;
  expires_at: Date;
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
    name: String,
    provider: String,
    category: String,
    role: String,
    description: String,
    cost: String,
    address: String,
    email: { type: String, default: null },
    status: { type: String, default: null },
    removed: { type: Boolean, default: false },
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
// list({ ownerId }) runs with the listing collation, so this index carries it too to be usable.
agentSchema.index({ owner_id: 1 }, { sparse: true, collation: CASE_INSENSITIVE });

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

const userSchema = new Schema<UserDoc>(
  {
    email: String,
    full_name: String,
    organization: String,
    phone: { type: String, default: null },
    user_type: { type: String, enum: ['agent_provider', 'employer'] },
    password_hash: String,
    subscription_status: { type: String, default: 'inactive' },
    stripe_customer_id: { type: String, default: null },
    created_at: Date,
    updated_at: Date,
  },
  options,
);
// E-mails are stored lower-cased, so a plain unique index is the case-insensitive rule.
userSchema.index({ email: 1 }, { unique: true });

const sessionSchema = new Schema<SessionDoc>({ _id: String, data: String, expires_at: Date }, options);
// MongoDB deletes expired sessions itself, within a minute or so; reads still check expires_at.
sessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

const kvSchema = new Schema<KvDoc>({ _id: String, value: String }, options);

export interface MongoModels {
  agents: Model<AgentDoc>;
  changes: Model<ChangeDoc>;
  counters: Model<CounterDoc>;
  users: Model<UserDoc>;
  sessions: Model<SessionDoc>;
  kv: Model<KvDoc>;
}

/** Registers the models on this connection only: the global mongoose connection stays unused. */
export function registerModels(conn: Connection): MongoModels {
  return {
    agents: conn.model<AgentDoc>('Agent', agentSchema, 'agents'),
    changes: conn.model<ChangeDoc>('AgentChange', changeSchema, 'agent_changes'),
    counters: conn.model<CounterDoc>('Counter', counterSchema, 'counters'),
    users: conn.model<UserDoc>('User', userSchema, 'users'),
    sessions: conn.model<SessionDoc>('Session', sessionSchema, 'sessions'),
    kv: conn.model<KvDoc>('KeyValue', kvSchema, 'kv'),
  };
}

/**
 * Creates the collections and makes their indexes match the schemas. Runs once at open because
 * autoIndex is off (no index builds behind the application's back), and collections must exist
 * before the first transaction writes to them.
 */
export async function prepareCollections(models: MongoModels): Promise<void> {
  await Promise.all(
    Object.values(models).map(async (model: Model<unknown>) => {
      await model.createCollection();
      await model.syncIndexes();
    }),
  );
}

/** A 24-hex-digit string names a document; anything else names none (never a CastError). */
export function objectIdOrNull(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

/** MongoDB's duplicate key error (11000), also as a bulk write error; `field` names the unique index's key. */
export function isDuplicateKey(error: unknown, field: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, keyPattern } = error as { code?: unknown; keyPattern?: Record<string, unknown> };
  if (code !== 11000) return false;
  // Single-document errors name the index key; bulk insert errors may not, and then the caller's
  // only unique user-data index is the one meant.
  return keyPattern === undefined || field in keyPattern;
}
