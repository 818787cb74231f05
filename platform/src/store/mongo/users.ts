import { Types } from 'mongoose';
import { DuplicateUserError, type User, type UserRepository, type UserWithSecret } from '../port';
import { isDuplicateKey, type MongoModels, objectIdOrNull, type UserDoc } from './models';

/** Reads that are not sign-in never load the hash. */
const WITHOUT_SECRET = { password_hash: 0 } as const;

function toUser(doc: Omit<UserDoc, 'password_hash'>): User {
  return {
    id: String(doc._id),
    email: doc.email,
    full_name: doc.full_name,
    organization: doc.organization,
    phone: doc.phone ?? null,
    user_type: doc.user_type,
    subscription_status: doc.subscription_status,
    stripe_customer_id: doc.stripe_customer_id ?? null,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

/** Stored lower-cased, so the unique index and the lookups ignore case. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function createMongoUsers(models: MongoModels): UserRepository {
  const { users } = models;
  const editable = [
    'full_name',
    'organization',
    'phone',
    'user_type',
    'password_hash',
    'subscription_status',
    'stripe_customer_id',
  ] as const;

  const byEmail = (email: string) => users.findOne({ email: normalizeEmail(email) }).lean();

  return {
    async create(input) {
      const now = new Date();
      const doc: UserDoc = {
        _id: new Types.ObjectId(),
        email: normalizeEmail(input.email),
        full_name: input.full_name,
        organization: input.organization,
        phone: input.phone ?? null,
        user_type: input.user_type,
        password_hash: input.password_hash,
        subscription_status: input.subscription_status ?? 'inactive',
        stripe_customer_id: input.stripe_customer_id ?? null,
        created_at: now,
        updated_at: now,
      };
      try {
        await users.insertMany([doc]);
      } catch (error) {
        if (isDuplicateKey(error, 'email')) throw new DuplicateUserError();
        throw error;
      }
      return toUser(doc);
    },
    async findById(id) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      const doc = await users.findOne({ _id }, WITHOUT_SECRET).lean();
      return doc ? toUser(doc) : null;
    },
    async findByEmailWithSecret(email) {
      const doc = await byEmail(email);
      return doc ? ({ ...toUser(doc), password_hash: doc.password_hash } satisfies UserWithSecret) : null;
    },
    async findByEmail(email) {
      const doc = await byEmail(email);
      return doc ? toUser(doc) : null;
    },
    async update(id, patch) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      const keys = editable.filter((key) => patch[key] !== undefined);
      // Nothing to change leaves updated_at alone, as in SQLite.
      if (keys.length === 0) return this.findById(id);
      const doc = await users
        .findOneAndUpdate(
          { _id },
          { $set: { ...Object.fromEntries(keys.map((key) => [key, patch[key]])), updated_at: new Date() } },
          { returnDocument: 'after', projection: WITHOUT_SECRET },
        )
        .lean();
      return doc ? toUser(doc) : null;
    },
    async list() {
      const docs = await users.find({}, WITHOUT_SECRET).sort({ created_at: -1, _id: -1 }).lean();
      return docs.map(toUser);
    },
  };
}
