import { type Connection, type Model, Schema, type Types } from 'mongoose';
import {
  type CheckoutRecord,
  type SubscriptionRecord,
  TOKEN_PURPOSES,
  type TokenPurpose,
  USER_EDITABLE_FIELDS,
  type UserWithSecret,
} from '../port';

// The accounts' collections as MongoDB keeps them: users and their sessions, single-use links,
// subscriptions, the checkouts opened and the payment events handled, staff (admins and the audit log) and API keys.
// Registered with the others by models.ts.

// No `required` on strings: mongoose would refuse '' where SQLite's NOT NULL takes it. The port's
// types already make the fields present. No version key: nothing here uses optimistic locking.
const options = { versionKey: false, id: false } as const;

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
/** A checkout this server opened, keyed by the provider's checkout session id. */
export interface CheckoutDoc extends Omit<CheckoutRecord, 'checkout_id' | 'created_at'> {
  _id: string;
  created_at: Date;
}

const checkoutSchema = new Schema<CheckoutDoc>(
  { _id: String, user_id: String, plan: String, provider: String, created_at: Date },
  options,
);
// The purge of old checkouts.
checkoutSchema.index({ created_at: 1 });

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

export interface AccountModels {
  users: Model<UserDoc>;
  sessions: Model<SessionDoc>;
  tokens: Model<TokenDoc>;
  subscriptions: Model<SubscriptionDoc>;
  paymentEvents: Model<PaymentEventDoc>;
  checkouts: Model<CheckoutDoc>;
  admins: Model<AdminDoc>;
  audit: Model<AuditDoc>;
  apiKeys: Model<ApiKeyDoc>;
}

export function registerAccountModels(conn: Connection): AccountModels {
  return {
    users: conn.model<UserDoc>('User', userSchema, 'users'),
    sessions: conn.model<SessionDoc>('Session', sessionSchema, 'sessions'),
    tokens: conn.model<TokenDoc>('OneTimeToken', tokenSchema, 'one_time_tokens'),
    subscriptions: conn.model<SubscriptionDoc>('Subscription', subscriptionSchema, 'subscriptions'),
    paymentEvents: conn.model<PaymentEventDoc>('PaymentEvent', paymentEventSchema, 'payment_events'),
    checkouts: conn.model<CheckoutDoc>('Checkout', checkoutSchema, 'checkouts'),
    admins: conn.model<AdminDoc>('Admin', adminSchema, 'admins'),
    audit: conn.model<AuditDoc>('AuditEntry', auditSchema, 'audit_log'),
    apiKeys: conn.model<ApiKeyDoc>('ApiKey', apiKeySchema, 'api_keys'),
  };
}
