import { normalizeEmail } from '@agentry/domain/email';
import { type QueryFilter, Types } from 'mongoose';
import { pageOf } from '../page';
import {
  DuplicateUserError,
  USER_BATCH_MAX,
  USER_LIST_MAX,
  type User,
  type UserChange,
  type UserPatch,
  type UserRepository,
  type UserWithSecret,
} from '../port';
import { newUserColumns, USER_PUBLIC_FIELDS, userChanges } from '../user-record';
import type { UserDoc } from './account-models';
import { createdPerDay } from './created-per-day';
import { isDuplicateKey, type MongoModels, objectIdOrNull } from './models';

/** Reads that are not sign-in never load the hash. */
const WITHOUT_SECRET = { password_hash: 0 } as const;

/** The record's public fields by the shared list; null for a field a document older than it lacks. */
function toUser(doc: Omit<UserDoc, 'password_hash'>): User {
  const fields = Object.fromEntries(USER_PUBLIC_FIELDS.map((field) => [field, doc[field] ?? null]));
  return {
    ...(fields as Omit<User, 'id' | 'created_at' | 'updated_at'>),
    id: String(doc._id),
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

/** The e-mail is asked about first: an error that names no index is most likely about it. */
function duplicateUser(error: unknown): DuplicateUserError | null {
  if (isDuplicateKey(error, 'email')) return new DuplicateUserError('email');
  if (isDuplicateKey(error, 'slug')) return new DuplicateUserError('slug');
  return null;
}

export function createMongoUsers(models: MongoModels): UserRepository {
  const { users } = models;

  const byEmail = (email: string) => users.findOne({ email: normalizeEmail(email) }).lean();
  const findOne = async (filter: QueryFilter<UserDoc>) => {
    const doc = await users.findOne(filter, WITHOUT_SECRET).lean();
    return doc ? toUser(doc) : null;
  };

  /**
   * One findOneAndUpdate answering the document as it was before: the write and the read of what it
   * replaced are one atomic step on the document, and what it left is that plus the fields set.
   */
  const change = async (id: string, patch: UserPatch): Promise<UserChange | null> => {
    const _id = objectIdOrNull(id);
    if (_id === null) return null;
    const changes = userChanges(patch);
    if (Object.keys(changes).length === 0) {
      // Nothing to change leaves updated_at alone, as in SQLite.
      const found = await findOne({ _id });
      return found ? { before: found, after: found } : null;
    }
    const updatedAt = new Date();
    try {
      const doc = await users
        .findOneAndUpdate(
          { _id },
          { $set: { ...changes, updated_at: updatedAt } },
          { returnDocument: 'before', projection: WITHOUT_SECRET },
        )
        .lean();
      if (!doc) return null;
      const { password_hash: _secret, ...shown } = changes;
      return { before: toUser(doc), after: toUser({ ...doc, ...shown, updated_at: updatedAt }) };
    } catch (error) {
      throw duplicateUser(error) ?? error;
    }
  };

  return {
    async create(input) {
      const now = new Date();
      const doc: UserDoc = {
        ...newUserColumns(input, now.toISOString()),
        _id: new Types.ObjectId(),
        created_at: now,
        updated_at: now,
      };
      try {
        await users.insertMany([doc]);
      } catch (error) {
        throw duplicateUser(error) ?? error;
      }
      return toUser(doc);
    },
    async findById(id) {
      const _id = objectIdOrNull(id);
      return _id === null ? null : findOne({ _id });
    },
    async getMany(ids) {
      const known = [...new Set(ids.map(String))]
        .slice(0, USER_BATCH_MAX)
        .map(objectIdOrNull)
        .filter((id): id is Types.ObjectId => id !== null);
      if (known.length === 0) return [];
      const docs = await users.find({ _id: { $in: known } }, WITHOUT_SECRET).lean();
      return docs.map(toUser);
    },
    async findByEmailWithSecret(email) {
      const doc = await byEmail(email);
      return doc ? ({ ...toUser(doc), password_hash: doc.password_hash } satisfies UserWithSecret) : null;
    },
    async findByEmail(email) {
      const doc = await byEmail(email);
      return doc ? toUser(doc) : null;
    },
    async findBySlug(slug) {
      // $type repeats the partial index's filter so that the index serves the lookup.
      return findOne({ slug: { $eq: slug, $type: 'string' } });
    },
    async findByStripeCustomerId(customerId) {
      return findOne({ stripe_customer_id: { $eq: customerId, $type: 'string' } });
    },
    async update(id, patch) {
      return (await change(id, patch))?.after ?? null;
    },
    async updateReturningPrevious(id, patch) {
      return await change(id, patch);
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, USER_LIST_MAX);
      if (limit === 0) return [];
      const docs = await users
        .find({}, WITHOUT_SECRET)
        .sort({ created_at: -1, _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean();
      return docs.map(toUser);
    },
    async count() {
      return await users.countDocuments();
    },
    async countByStatus() {
      const groups = await users.aggregate<{ _id: string; count: number }>([
        { $group: { _id: '$subscription_status', count: { $sum: 1 } } },
      ]);
      return groups
        .map((group) => ({ value: group._id, count: group.count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    },
    createdPerDay: createdPerDay(users),
    async listSubscribedProviders(limit) {
      // MongoDB reads limit(0) as no limit at all.
      if (limit <= 0) return [];
      const docs = await users
        .find(
          { subscription_status: 'active', user_type: 'agent_provider', slug: { $type: 'string' } },
          WITHOUT_SECRET,
        )
        .sort({ slug: 1 })
        .limit(limit)
        .lean();
      return docs.map(toUser);
    },
  };
}
