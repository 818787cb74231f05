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
    async set(sid, data, expiresAt, userId = null) {
      // A session saved without a user (signed out) no longer belongs to the one it had.
      await sessions.updateOne(
        { _id: sid },
        userId === null
          ? { $set: { data, expires_at: expiresAt }, $unset: { user_id: 1 } }
          : { $set: { data, expires_at: expiresAt, user_id: userId } },
        { upsert: true },
      );
    },
    async touch(sid, expiresAt) {
      await sessions.updateOne({ _id: sid }, { $set: { expires_at: expiresAt } });
    },
    async destroy(sid) {
      await sessions.deleteOne({ _id: sid });
    },
    async destroyForUser(userId, exceptSid) {
      const { deletedCount } = await sessions.deleteMany(
        exceptSid === undefined ? { user_id: userId } : { user_id: userId, _id: { $ne: exceptSid } },
      );
      return deletedCount;
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
