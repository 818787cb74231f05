import { agentIdentityKey } from '@agentry/domain/agent';
import type { Connection, QueryFilter } from 'mongoose';
import { type AgentRepository, PROVIDER_COUNT_MAX, PROVIDER_MOVE_MAX, type ProviderMoveBatch } from '../port';
import { recordChanges } from './changes';
import { type AgentDoc, type MongoModels, objectIdOrNull } from './models';

// Providers as the agents name them: counted per spelling, and an agent's provider moved to another
// spelling in bounded batches (staff merging two spellings of one provider).

/** The provider reads and moves of the agent repository. */
export type MongoAgentProviders = Pick<AgentRepository, 'countByProvider' | 'moveProvider'>;

export function mongoAgentProviders(conn: Connection, models: MongoModels): MongoAgentProviders {
  const { agents } = models;
  return {
    async countByProvider({ after, limit = PROVIDER_COUNT_MAX } = {}) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_COUNT_MAX));
      if (bounded === 0) return [];
      // No collation: spellings that differ only in case stay apart, in binary order as in SQLite,
      // which the keyset `after` continues in. The sort and limit come after the group, so the
      // answer is bounded even when the catalog has more spellings than that.
      const groups = await agents.aggregate<{ _id: string; agents: number }>(
        [
          ...(after === undefined ? [] : [{ $match: { provider: { $gt: after } } }]),
          // In the index's order ({ provider, _id }), so the group reads the index, not the documents.
          { $sort: { provider: 1 } },
          { $project: { _id: 0, provider: 1 } },
          { $group: { _id: '$provider', agents: { $sum: 1 } } },
          { $sort: { _id: 1 } },
          { $limit: bounded },
        ],
        { allowDiskUse: true },
      );
      return groups.map((group) => ({ provider: group._id, agents: group.agents }));
    },

    async moveProvider({ from, into, afterId, limit }) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_MOVE_MAX));
      const after = afterId === undefined ? undefined : objectIdOrNull(afterId);
      if (bounded === 0 || after === null || from === into) return { moved: [], clashed: [], lastId: null };
      return conn.transaction(async (session): Promise<ProviderMoveBatch> => {
        const now = new Date();
        const filter: QueryFilter<AgentDoc> =
          after === undefined ? { provider: from } : { provider: from, _id: { $gt: after } };
        // No collation: the spelling is matched exactly, as SQLite's = does.
        const docs = await agents
          .find(filter, { _id: 1, name: 1, removed: 1 })
          .sort({ _id: 1 })
          .limit(bounded)
          .session(session)
          .lean();
        const batch: ProviderMoveBatch = { moved: [], clashed: [], lastId: null };
        if (docs.length === 0) return batch;
        const keyOf = new Map(docs.map((doc) => [String(doc._id), agentIdentityKey(doc.name, into)]));
        const holders = await agents
          .find({ identity_key: { $in: [...new Set(keyOf.values())] } }, { _id: 1, identity_key: 1 })
          .session(session)
          .lean();
        const holderOf = new Map(holders.map((doc) => [doc.identity_key, String(doc._id)]));
        const moving: typeof docs = [];
        for (const doc of docs) {
          const holder = holderOf.get(keyOf.get(String(doc._id))!);
          if (holder !== undefined && holder !== String(doc._id)) {
            batch.clashed.push({ id: String(doc._id), name: doc.name });
          } else {
            moving.push(doc);
          }
        }
        if (moving.length > 0) {
          await agents.bulkWrite(
            moving.map((doc) => ({
              updateOne: {
                filter: { _id: doc._id },
                update: {
                  $set: { provider: into, identity_key: keyOf.get(String(doc._id))!, updated_at: now },
                },
              },
            })),
            { session },
          );
          await recordChanges(
            models,
            session,
            moving.map((doc) => ({ agent_id: String(doc._id), op: doc.removed ? 'delete' : 'upsert' })),
            now,
          );
        }
        batch.moved = moving.map((doc) => String(doc._id));
        batch.lastId = String(docs[docs.length - 1]!._id);
        return batch;
      });
    },
  };
}
