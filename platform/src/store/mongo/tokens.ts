import { LIVE_TOKENS_MAX, type OneTimeToken, type TokenRepository } from '../port';
import type { TokenDoc } from './account-models';
import type { MongoModels } from './models';

const toToken = (doc: TokenDoc): OneTimeToken => ({
  token_hash: doc._id,
  purpose: doc.purpose,
  user_id: doc.user_id,
  data: doc.data ?? null,
  agent_ids: doc.agent_ids ?? [],
  expires_at: doc.expires_at.toISOString(),
  created_at: doc.created_at.toISOString(),
});

export function createMongoTokens(models: MongoModels): TokenRepository {
  const { tokens } = models;
  return {
    async issue(input) {
      await tokens.insertMany([
        {
          _id: input.token_hash,
          purpose: input.purpose,
          user_id: input.user_id,
          data: input.data ?? null,
          agent_ids: input.agent_ids ?? [],
          expires_at: input.expires_at,
          created_at: new Date(),
        },
      ]);
    },
    async consume(tokenHash, purpose, now = new Date()) {
      // One atomic delete: of two concurrent uses, only one gets the document. An expired token is
      // deleted all the same (the TTL monitor runs only every minute, so the time is checked here).
      const doc = await tokens.findOneAndDelete({ _id: tokenHash, purpose }).lean();
      return doc && doc.expires_at > now ? toToken(doc) : null;
    },
    async revoke(userId, purpose) {
      const { deletedCount } = await tokens.deleteMany({ user_id: userId, purpose });
      return deletedCount;
    },
    async listLive(userId, purpose, now = new Date()) {
      const docs = await tokens
        .find({ user_id: userId, purpose, expires_at: { $gt: now } })
        .sort({ created_at: -1, _id: -1 })
        .limit(LIVE_TOKENS_MAX)
        .lean();
      return docs.map(toToken);
    },
    async purgeExpired(now = new Date()) {
      const { deletedCount } = await tokens.deleteMany({ expires_at: { $lte: now } });
      return deletedCount;
    },
  };
}
