import type { LeaseRepository } from '../port';
import { isDuplicateKey, type MongoModels } from './models';

export function createMongoLeases({ leases }: MongoModels): LeaseRepository {
  return {
    async acquire(name, holder, ttlMs, now = new Date()) {
      try {
        // Matches only a free, expired or own lease; otherwise the upsert's insert of an existing
        // _id fails with a duplicate key: another holder has it.
        await leases.updateOne(
          { _id: { $eq: name }, $or: [{ until: { $lte: now } }, { holder: { $eq: holder } }] },
          { $set: { holder, until: new Date(now.getTime() + ttlMs) } },
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (isDuplicateKey(error, '_id')) return false;
        throw error;
      }
    },
    async release(name, holder) {
      await leases.deleteOne({ _id: { $eq: name }, holder: { $eq: holder } });
    },
  };
}
