import { type Admin, type AdminRepository, DuplicateAdminError } from '../port';
import { normalizeUsername } from '../sqlite/admins';
import { type AdminDoc, isDuplicateKey, type MongoModels, objectIdOrNull } from './models';

const toAdmin = (doc: AdminDoc): Admin => ({
  id: String(doc._id),
  username: doc.username,
  created_at: doc.created_at.toISOString(),
});

export function createMongoAdmins({ admins }: MongoModels): AdminRepository {
  return {
    async create({ username, password_hash }) {
      const name = normalizeUsername(username);
      try {
        const [doc] = await admins.insertMany([{ username: name, password_hash, created_at: new Date() }]);
        return toAdmin(doc!.toObject() as AdminDoc);
      } catch (error) {
        if (isDuplicateKey(error, 'username')) throw new DuplicateAdminError(name);
        throw error;
      }
    },
    async findById(id) {
      const _id = objectIdOrNull(id);
      const doc = _id === null ? null : await admins.findById(_id).lean();
      return doc ? toAdmin(doc) : null;
    },
    async findByUsernameWithSecret(username) {
      const doc = await admins.findOne({ username: normalizeUsername(username) }).lean();
      return doc ? { ...toAdmin(doc), password_hash: doc.password_hash } : null;
    },
    async setPasswordHash(id, passwordHash) {
      const _id = objectIdOrNull(id);
      if (_id !== null) await admins.updateOne({ _id }, { $set: { password_hash: passwordHash } });
    },
    async count() {
      return await admins.countDocuments();
    },
  };
}
