import type { QueryFilter } from 'mongoose';
import { pageOf } from '../page';
import {
  DomainLimitError,
  type DomainVerification,
  type DomainVerificationRepository,
  DuplicateDomainError,
  VERIFICATION_LIST_MAX,
} from '../port';
import { isDuplicateKey, type MongoModels, objectIdOrNull } from './models';
import { type DomainVerificationDoc, dateOf, isoOf } from './trust-models';

const toVerification = (doc: DomainVerificationDoc): DomainVerification => ({
  id: String(doc._id),
  user_id: doc.user_id,
  domain: doc.domain,
  token: doc.token,
  status: doc.status,
  method: doc.method ?? null,
  verified_at: isoOf(doc.verified_at),
  checked_at: isoOf(doc.checked_at),
  next_check_at: isoOf(doc.next_check_at),
  failures: doc.failures ?? 0,
  lapsed_at: isoOf(doc.lapsed_at),
  created_at: doc.created_at.toISOString(),
  updated_at: doc.updated_at.toISOString(),
});

export function createMongoVerifications({ verifications }: MongoModels): DomainVerificationRepository {
  // User ids are compared with $eq, so no operator object slips into a filter.
  const owner = (userId: string) => ({ user_id: { $eq: String(userId) } });
  const statusFilter = (status?: string): QueryFilter<DomainVerificationDoc> =>
    status ? { status: { $eq: status as DomainVerificationDoc['status'] } } : {};
  return {
    async create(input, max) {
      if ((await verifications.countDocuments(owner(input.user_id))) >= max) throw new DomainLimitError(max);
      const now = new Date();
      try {
        const [doc] = await verifications.insertMany([
          {
            ...input,
            status: 'pending',
            method: null,
            verified_at: null,
            checked_at: null,
            next_check_at: null,
            failures: 0,
            lapsed_at: null,
            created_at: now,
            updated_at: now,
          },
        ]);
        return toVerification(doc!.toObject() as DomainVerificationDoc);
      } catch (error) {
        if (isDuplicateKey(error, 'user_id')) throw new DuplicateDomainError(input.domain);
        throw error;
      }
    },
    async get(id) {
      const _id = objectIdOrNull(id);
      const doc = _id ? await verifications.findById(_id).lean() : null;
      return doc ? toVerification(doc as DomainVerificationDoc) : null;
    },
    async listForUser(userId) {
      const docs = await verifications
        .find(owner(userId))
        .sort({ domain: 1 })
        .limit(VERIFICATION_LIST_MAX)
        .lean();
      return docs.map((doc) => toVerification(doc as DomainVerificationDoc));
    },
    async remove(id, userId) {
      const _id = objectIdOrNull(id);
      if (!_id) return null;
      const doc = await verifications.findOneAndDelete({ _id, ...owner(userId) }).lean();
      return doc ? toVerification(doc as DomainVerificationDoc) : null;
    },
    async saveCheck(id, patch) {
      const _id = objectIdOrNull(id);
      if (!_id) return null;
      const doc = await verifications
        .findOneAndUpdate(
          { _id },
          {
            $set: {
              status: patch.status,
              method: patch.method,
              verified_at: dateOf(patch.verified_at),
              checked_at: dateOf(patch.checked_at),
              next_check_at: dateOf(patch.next_check_at),
              failures: patch.failures,
              lapsed_at: dateOf(patch.lapsed_at),
              updated_at: new Date(),
            },
          },
          { returnDocument: 'after' },
        )
        .lean();
      return doc ? toVerification(doc as DomainVerificationDoc) : null;
    },
    async verifiedFor(userIds) {
      const ids = [...new Set(userIds.map(String))].slice(0, 1000);
      if (ids.length === 0) return [];
      const docs = await verifications
        .find({ user_id: { $in: ids }, status: 'verified' }, { user_id: 1, domain: 1, _id: 0 })
        .lean();
      return docs.map((doc) => ({ user_id: doc.user_id, domain: doc.domain }));
    },
    async listDue(now, limit) {
      if (limit <= 0) return [];
      const docs = await verifications
        .find({ status: 'verified', next_check_at: { $lte: now } })
        .sort({ next_check_at: 1, _id: 1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => toVerification(doc as DomainVerificationDoc));
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, VERIFICATION_LIST_MAX);
      if (limit === 0) return [];
      const sort: Record<string, 1 | -1> =
        options.status === 'lapsed' ? { lapsed_at: -1, _id: -1 } : { _id: -1 };
      const docs = await verifications
        .find(statusFilter(options.status))
        .sort(sort)
        .skip(offset)
        .limit(limit)
        .lean();
      return docs.map((doc) => toVerification(doc as DomainVerificationDoc));
    },
    async count(options = {}) {
      return verifications.countDocuments(statusFilter(options.status));
    },
  };
}
