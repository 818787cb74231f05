import {
  DuplicateShortlistError,
  SHORTLIST_AGENTS_MAX,
  SHORTLISTS_PER_USER_MAX,
  type Shortlist,
  type ShortlistRepository,
} from '../port';
import { isDuplicateKey, type MongoModels, objectIdOrNull, type ShortlistDoc } from './models';

const toShortlist = (doc: ShortlistDoc): Shortlist => {
  const agentIds = doc.agent_ids ?? [];
  const authors = new Map((doc.item_authors ?? []).map((entry) => [entry.agent_id, entry]));
  return {
    id: String(doc._id),
    user_id: doc.user_id,
    name: doc.name,
    agent_ids: agentIds,
    items: agentIds.map((agentId) => {
      const author = authors.get(agentId);
      return {
        agent_id: agentId,
        added_by: author?.added_by ?? null,
        added_at: author?.added_at ? author.added_at.toISOString() : null,
      };
    }),
    created_by: doc.created_by ?? null,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
};

export function createMongoShortlists({ shortlists }: MongoModels): ShortlistRepository {
  /** The owner's list by id; user ids are compared with $eq, so no operator object slips in. */
  const mine = (id: string, userId: string) => {
    const _id = objectIdOrNull(id);
    return _id === null ? null : { _id, user_id: { $eq: String(userId) } };
  };
  const update = async (id: string, userId: string, change: object) => {
    const filter = mine(id, userId);
    if (!filter) return null;
    const doc = await shortlists.findOneAndUpdate(filter, change, { returnDocument: 'after' }).lean();
    return doc ? toShortlist(doc as ShortlistDoc) : null;
  };
  return {
    async create(userId, name, authorId = userId) {
      const now = new Date();
      try {
        const [doc] = await shortlists.insertMany([
          {
            user_id: userId,
            name,
            agent_ids: [],
            item_authors: [],
            created_by: String(authorId),
            created_at: now,
            updated_at: now,
          },
        ]);
        return toShortlist(doc!.toObject() as ShortlistDoc);
      } catch (error) {
        if (isDuplicateKey(error, 'user_id')) throw new DuplicateShortlistError(name);
        throw error;
      }
    },
    async listForUser(userId) {
      const docs = await shortlists
        .find({ user_id: { $eq: String(userId) } })
        .sort({ _id: -1 })
        .limit(SHORTLISTS_PER_USER_MAX)
        .lean();
      return docs.map((doc) => toShortlist(doc as ShortlistDoc));
    },
    async countForUser(userId) {
      return await shortlists.countDocuments({ user_id: { $eq: String(userId) } });
    },
    async get(id, userId) {
      const filter = mine(id, userId);
      const doc = filter ? await shortlists.findOne(filter).lean() : null;
      return doc ? toShortlist(doc as ShortlistDoc) : null;
    },
    async rename(id, userId, name) {
      try {
        return await update(id, userId, { $set: { name, updated_at: new Date() } });
      } catch (error) {
        if (isDuplicateKey(error, 'user_id')) throw new DuplicateShortlistError(name);
        throw error;
      }
    },
    async delete(id, userId) {
      const filter = mine(id, userId);
      return filter ? (await shortlists.deleteOne(filter)).deletedCount === 1 : false;
    },
    async addAgent(id, userId, agentId, authorId = userId) {
      // Only when the agent is not there yet (so the author goes in once, with it); the size guard
      // keeps a list within SHORTLIST_AGENTS_MAX.
      const filter = mine(id, userId);
      if (!filter) return null;
      const agent = String(agentId);
      const now = new Date();
      await shortlists.updateOne(
        {
          ...filter,
          agent_ids: { $ne: agent },
          [`agent_ids.${SHORTLIST_AGENTS_MAX - 1}`]: { $exists: false },
        },
        {
          $push: {
            agent_ids: agent,
            item_authors: { agent_id: agent, added_by: String(authorId), added_at: now },
          },
          $set: { updated_at: now },
        },
      );
      return this.get(id, userId);
    },
    async removeAgent(id, userId, agentId) {
      const agent = String(agentId);
      return update(id, userId, {
        $pull: { agent_ids: agent, item_authors: { agent_id: agent } },
        $set: { updated_at: new Date() },
      });
    },
  };
}
