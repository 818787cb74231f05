import type { Connection } from 'mongoose';
import { decideOnceCounts, onceLookups } from '../count-once';
import type { AgentStatsRepository, OnceCount } from '../port';
import { isDuplicateKey, type MongoModels } from './models';

// Counts that happen once per key across every API process (AgentStatsRepository.countOnce): the
// keys and the audiences' tallies are documents of agent_stats_once (_id the key, a TTL index on
// expires_at), read and written in one transaction with the counts they let through. A transaction
// reads a snapshot; when another process writes the same key or tally meanwhile, one of the two
// meets a write conflict and the driver runs its callback again (conn.transaction), which then sees
// the key: so a key counts once and a tally never passes its cap. Should the server report such a
// key as a duplicate rather than a conflict, the whole call runs again, as the driver would.

/** Runs of one countOnce that met a key another process inserted after its snapshot. */
const DUPLICATE_RETRIES = 3;

export function createMongoOnceCounts(
  conn: Connection,
  { agentStats, agentStatsOnce }: Pick<MongoModels, 'agentStats' | 'agentStatsOnce'>,
): Pick<AgentStatsRepository, 'countOnce' | 'purgeOnce'> {
  const countOnceIn = (entries: OnceCount[]): Promise<number> => {
    const { keys, tallies } = onceLookups(entries);
    // Built from scratch on each run of the callback: a retried transaction starts over.
    return conn.transaction(async (session) => {
      const found = await agentStatsOnce
        .find({ _id: { $in: [...keys, ...tallies].map(String) } }, { n: 1 })
        .session(session)
        .lean();
      const held = new Map(found.map((doc) => [doc._id, doc.n]));
      const seen = new Set(keys.filter((key) => held.has(key)));
      const writes = decideOnceCounts(entries, seen, held);
      if (writes.counted === 0) return 0;
      await agentStatsOnce.bulkWrite(
        [
          ...writes.keys.map(({ key, expires_at }) => ({
            insertOne: { document: { _id: key, n: 1, expires_at: new Date(expires_at) } },
          })),
          ...writes.tallies.map(({ tally, n, expires_at }) => ({
            updateOne: {
              filter: { _id: tally },
              update: { $set: { n }, $max: { expires_at: new Date(expires_at) } },
              upsert: true,
            },
          })),
        ],
        { session, ordered: true },
      );
      await agentStats.bulkWrite(
        writes.increments.map(({ agent_id, week, kind, count }) => ({
          updateOne: {
            filter: { _id: `${agent_id}:${week}` },
            update: { $inc: { [kind]: count }, $setOnInsert: { agent_id, week } },
            upsert: true,
          },
        })),
        { session, ordered: false },
      );
      return writes.counted;
    });
  };

  return {
    async countOnce(entries) {
      if (entries.length === 0) return 0;
      for (let attempt = 1; ; attempt++) {
        try {
          return await countOnceIn(entries);
        } catch (error) {
          if (!isDuplicateKey(error, '_id') || attempt >= DUPLICATE_RETRIES) throw error;
        }
      }
    },
    async purgeOnce(now, limit) {
      if (!(limit >= 1)) return 0;
      // The TTL index does this within a minute of expiry; here for a caller that asks (and the
      // contract). deleteMany takes no limit: the ids of at most `limit` expired documents first.
      const expired = await agentStatsOnce
        .find({ expires_at: { $lt: now } }, { _id: 1 })
        .limit(Math.floor(limit))
        .lean();
      if (expired.length === 0) return 0;
      const { deletedCount } = await agentStatsOnce.deleteMany({
        _id: { $in: expired.map((doc) => doc._id) },
      });
      return deletedCount;
    },
  };
}
