import { API_KEYS_PER_EMPLOYER_MAX, type ApiKey, ApiKeyLimitError, type ApiKeyRepository } from '../port';
import type { ApiKeyDoc } from './account-models';
import { type MongoModels, objectIdOrNull } from './models';

/** The fields that leave the adapter: never the hash. */
const PUBLIC_FIELDS = { token_hash: 0 } as const;

const toApiKey = (doc: Omit<ApiKeyDoc, 'token_hash'>): ApiKey => ({
  id: String(doc._id),
  user_id: doc.user_id,
  name: doc.name,
  prefix: doc.prefix,
  created_at: doc.created_at.toISOString(),
  last_used_at: doc.last_used_at ? doc.last_used_at.toISOString() : null,
});

export function createMongoApiKeys({ apiKeys }: MongoModels): ApiKeyRepository {
  // User ids and hashes are compared with $eq, so no operator object slips into a filter.
  const owner = (userId: string) => ({ user_id: { $eq: String(userId) } });
  return {
    async create(input, max) {
      if ((await apiKeys.countDocuments(owner(input.user_id))) >= max) throw new ApiKeyLimitError(max);
      const { user_id, name, prefix, token_hash } = input;
      const [doc] = await apiKeys.insertMany([
        { user_id, name, prefix, token_hash, created_at: new Date(), last_used_at: null },
      ]);
      return toApiKey(doc!.toObject() as ApiKeyDoc);
    },
    async listForUser(userId) {
      const docs = await apiKeys
        .find(owner(userId), PUBLIC_FIELDS)
        .sort({ _id: -1 })
        .limit(API_KEYS_PER_EMPLOYER_MAX)
        .lean();
      return docs.map((doc) => toApiKey(doc as Omit<ApiKeyDoc, 'token_hash'>));
    },
    async findByHash(tokenHash) {
      const doc = await apiKeys.findOne({ token_hash: { $eq: String(tokenHash) } }, PUBLIC_FIELDS).lean();
      return doc ? toApiKey(doc as Omit<ApiKeyDoc, 'token_hash'>) : null;
    },
    async revoke(id, userId) {
      const _id = objectIdOrNull(id);
      if (_id === null) return false;
      return (await apiKeys.deleteOne({ _id, ...owner(userId) })).deletedCount === 1;
    },
    async touch(entries) {
      const valid = entries.flatMap(({ id, at }) => {
        const _id = objectIdOrNull(id);
        return _id === null ? [] : [{ _id, at: new Date(at) }];
      });
      if (valid.length === 0) return;
      // $max keeps the later time: a flush from a process that saw an older use changes nothing.
      await apiKeys.bulkWrite(
        valid.map(({ _id, at }) => ({
          updateOne: { filter: { _id }, update: { $max: { last_used_at: at } } },
        })),
        { ordered: false },
      );
    },
  };
}
