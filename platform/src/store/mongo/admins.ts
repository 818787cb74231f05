import { normalizeUsername } from '@agentry/domain/email';
import { type Admin, type AdminRepository, type AdminWithSecret, DuplicateAdminError } from '../port';
import type { AdminDoc } from './account-models';
import { isDuplicateKey, type MongoModels, objectIdOrNull } from './models';

const toAdmin = (doc: AdminDoc): Admin => ({
  id: String(doc._id),
  username: doc.username,
  created_at: doc.created_at.toISOString(),
  totp_enabled: typeof doc.totp_secret === 'string',
});
const withSecret = (doc: AdminDoc): AdminWithSecret => ({
  ...toAdmin(doc),
  password_hash: doc.password_hash,
  totp_secret: doc.totp_secret ?? null,
  totp_last_step: doc.totp_last_step ?? null,
  recovery_codes_left: doc.recovery_codes?.length ?? 0,
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
      return doc ? withSecret(doc) : null;
    },
    async findByIdWithSecret(id) {
      const _id = objectIdOrNull(id);
      const doc = _id === null ? null : await admins.findById(_id).lean();
      return doc ? withSecret(doc) : null;
    },
    async setPasswordHash(id, passwordHash) {
      const _id = objectIdOrNull(id);
      if (_id !== null) await admins.updateOne({ _id }, { $set: { password_hash: passwordHash } });
    },
    async setTotp(id, totp) {
      const _id = objectIdOrNull(id);
      if (_id === null) return false;
      const { matchedCount } = await admins.updateOne(
        { _id },
        {
          $set: {
            totp_secret: totp?.secret ?? null,
            recovery_codes: totp?.recovery_code_hashes ?? [],
            totp_last_step: null,
          },
        },
      );
      return matchedCount === 1;
    },
    async useTotpStep(id, step) {
      const _id = objectIdOrNull(id);
      if (_id === null) return false;
      // The filter and the update are one atomic operation on the document: of two requests with
      // the same code, one matches.
      const { modifiedCount } = await admins.updateOne(
        { _id, $or: [{ totp_last_step: null }, { totp_last_step: { $lt: step } }] },
        { $set: { totp_last_step: step } },
      );
      return modifiedCount === 1;
    },
    async useRecoveryCode(id, codeHash) {
      const _id = objectIdOrNull(id);
      if (_id === null || typeof codeHash !== 'string') return false;
      const { modifiedCount } = await admins.updateOne(
        { _id, recovery_codes: codeHash },
        { $pull: { recovery_codes: codeHash } },
      );
      return modifiedCount === 1;
    },
    async count() {
      return await admins.countDocuments();
    },
  };
}
