import type { DigestFrequency, SavedSearchQuery } from '@agentry/domain/saved-searches';
import { type Connection, type Model, Schema, Types } from 'mongoose';
import {
  type ChangedAgent,
  SAVED_SEARCH_BATCH_MAX,
  SavedSearchLimitError,
  type SavedSearchRecord,
  type SavedSearchRepository,
} from '../port';
import type { AgentDoc } from './models';

// Saved searches in their own collection, the search a subdocument kept as validated. Owner ids
// are compared with $eq, so no operator object slips in. The digest's due searches are found by
// next_digest_at (a partial index: searches with alerts on), the changed agents by updated_at.

export interface SavedSearchDoc {
  _id: Types.ObjectId;
  owner_id: string;
  created_by: string;
  name: string;
  search: SavedSearchQuery;
  alert: DigestFrequency;
  last_digest_at: Date;
  next_digest_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const savedSearchSchema = new Schema<SavedSearchDoc>(
  {
    owner_id: { type: String, required: true },
    created_by: { type: String, required: true },
    name: { type: String, required: true },
    search: { type: Schema.Types.Mixed, required: true },
    alert: { type: String, required: true, enum: ['off', 'daily', 'weekly'] },
    last_digest_at: { type: Date, required: true },
    next_digest_at: { type: Date, default: null },
    created_at: Date,
    updated_at: Date,
  },
  { versionKey: false, minimize: false },
);
savedSearchSchema.index({ owner_id: 1, _id: -1 });
savedSearchSchema.index(
  { next_digest_at: 1, _id: 1 },
  { partialFilterExpression: { next_digest_at: { $type: 'date' } } },
);

export function registerSavedSearchModel(conn: Connection): Model<SavedSearchDoc> {
  return conn.model<SavedSearchDoc>('SavedSearch', savedSearchSchema, 'saved_searches');
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const toRecord = (doc: SavedSearchDoc): SavedSearchRecord => ({
  id: String(doc._id),
  owner_id: doc.owner_id,
  created_by: doc.created_by,
  name: doc.name,
  search: doc.search,
  alert: doc.alert,
  last_digest_at: doc.last_digest_at.toISOString(),
  next_digest_at: iso(doc.next_digest_at),
  created_at: doc.created_at.toISOString(),
  updated_at: doc.updated_at.toISOString(),
});
const objectId = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null);
const bounded = (limit: number) => Math.max(0, Math.min(Math.trunc(limit), SAVED_SEARCH_BATCH_MAX));
const ALERTING: DigestFrequency[] = ['daily', 'weekly'];
const dueFilter = (now: Date) => ({ next_digest_at: { $ne: null, $lte: now }, alert: { $in: ALERTING } });

export function createMongoSavedSearches(
  model: Model<SavedSearchDoc>,
  agents: Model<AgentDoc>,
): SavedSearchRepository {
  const mine = (id: string, ownerId: string) => {
    const _id = objectId(id);
    return _id === null ? null : { _id, owner_id: { $eq: String(ownerId) } };
  };
  return {
    async create(input, max) {
      if ((await model.countDocuments({ owner_id: { $eq: String(input.owner_id) } })) >= max)
        throw new SavedSearchLimitError(max);
      const now = new Date();
      const doc: SavedSearchDoc = {
        _id: new Types.ObjectId(),
        owner_id: String(input.owner_id),
        created_by: String(input.created_by),
        name: input.name,
        search: input.search,
        alert: input.alert,
        last_digest_at: new Date(input.last_digest_at),
        next_digest_at: input.next_digest_at ? new Date(input.next_digest_at) : null,
        created_at: now,
        updated_at: now,
      };
      await model.collection.insertOne(doc);
      return toRecord(doc);
    },
    async listForOwner(ownerId, limit) {
      const docs = await model
        .find({ owner_id: { $eq: String(ownerId) } })
        .sort({ _id: -1 })
        .limit(bounded(limit))
        .lean<SavedSearchDoc[]>();
      return docs.map(toRecord);
    },
    async get(id, ownerId) {
      const filter = mine(id, ownerId);
      const doc = filter ? await model.findOne(filter).lean<SavedSearchDoc>() : null;
      return doc ? toRecord(doc) : null;
    },
    async update(id, ownerId, patch) {
      const filter = mine(id, ownerId);
      if (!filter) return null;
      const set: Record<string, unknown> = { updated_at: new Date() };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.alert !== undefined) set.alert = patch.alert;
      if (patch.next_digest_at !== undefined)
        set.next_digest_at = patch.next_digest_at === null ? null : new Date(patch.next_digest_at);
      const doc = await model
        .findOneAndUpdate(filter, { $set: set }, { returnDocument: 'after' })
        .lean<SavedSearchDoc>();
      return doc ? toRecord(doc) : null;
    },
    async delete(id, ownerId) {
      const filter = mine(id, ownerId);
      return filter ? (await model.deleteOne(filter)).deletedCount === 1 : false;
    },
    async findById(id) {
      const _id = objectId(id);
      const doc = _id ? await model.findById(_id).lean<SavedSearchDoc>() : null;
      return doc ? toRecord(doc) : null;
    },
    async stopAlerts(id) {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model
        .findOneAndUpdate(
          { _id },
          { $set: { alert: 'off', next_digest_at: null, updated_at: new Date() } },
          { returnDocument: 'after' },
        )
        .lean<SavedSearchDoc>();
      return doc ? toRecord(doc) : null;
    },
    async listDue(now, limit, afterId) {
      const after = afterId === undefined ? null : objectId(afterId);
      const docs = await model
        .find({ ...dueFilter(now), ...(after ? { _id: { $gt: after } } : {}) })
        .sort({ _id: 1 })
        .limit(bounded(limit))
        .lean<SavedSearchDoc[]>();
      return docs.map(toRecord);
    },
    async countDue(now) {
      return await model.countDocuments(dueFilter(now));
    },
    async claimDigest(id, expectedLast, digestAt, nextAt) {
      const _id = objectId(id);
      if (!_id) return false;
      const result = await model.updateOne(
        { _id, last_digest_at: new Date(expectedLast), alert: { $in: ALERTING } },
        { $set: { last_digest_at: new Date(digestAt), next_digest_at: nextAt ? new Date(nextAt) : null } },
      );
      return result.modifiedCount === 1;
    },
    async changedAgents(since, until, limit, after) {
      const window = { $gt: since, $lte: until };
      const keyset = after
        ? {
            $or: [
              { updated_at: { $gt: new Date(after.updated_at) } },
              {
                updated_at: new Date(after.updated_at),
                _id: { $gt: objectId(after.id) ?? new Types.ObjectId('0'.repeat(24)) },
              },
            ],
          }
        : {};
      const docs = await agents
        .find({ removed: false, updated_at: window, ...keyset }, { _id: 1, created_at: 1, updated_at: 1 })
        .sort({ updated_at: 1, _id: 1 })
        .limit(bounded(limit))
        .lean<Array<Pick<AgentDoc, '_id' | 'created_at' | 'updated_at'>>>();
      return docs.map(
        (doc): ChangedAgent => ({
          id: String(doc._id),
          created_at: doc.created_at.toISOString(),
          updated_at: doc.updated_at.toISOString(),
        }),
      );
    },
  };
}
