import type { KeyValueRepository, SessionRepository } from '../port';
import type { MongoModels } from './models';

export function createMongoSessions(models: MongoModels): SessionRepository {
  const { sessions } = models;
  return {
    async get(sid) {
      // The TTL monitor deletes expired sessions only every minute or so: check the time here.
      const doc = await sessions.findOne({ _id: sid, expires_at: { $gt: new Date() } }).lean();
      return doc?.data ?? null;
    },
    async set(sid, data, expiresAt) {
      await sessions.updateOne({ _id: sid }, { $set: { data, expires_at: expiresAt } }, { upsert: true });
    },
    async touch(sid, expiresAt) {
      await sessions.updateOne({ _id: sid }, { $set: { expires_at: expiresAt } });
    },
    async destroy(sid) {
      await sessions.deleteOne({ _id: sid });
    },
    async purgeExpired(now = new Date()) {
      const { deletedCount } = await sessions.deleteMany({ expires_at: { $lte: now } });
      return deletedCount;
    },
  };
}

export function createMongoKv(models: MongoModels): KeyValueRepository {
  const { kv } = models;
  return {
    async get(key) {
      const doc = await kv.findById(key).lean();
      return doc?.value ?? null;
    },
    async set(key, value) {
      await kv.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
    },
  };
}
