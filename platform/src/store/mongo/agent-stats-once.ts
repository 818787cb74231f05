import type { Connection } from 'mongoose';
import { decideOnceCounts, onceTallies, type SeenRow, type SeenWrites } from '../count-once';
import type { AgentStatsRepository, OnceGroup } from '../port';
import { type AgentStatsSeenDoc, isDuplicateKey, type MongoModels } from './models';

// Counts that happen once per audience, agent, kind and day across every API process
// (AgentStatsRepository.countOnce): each audience's tally of a kind and day is a document of
// agent_stats_seen (_id the tally, a TTL index on expires_at) holding the digests of the agents it
// counted, read and written in one transaction with the counts it lets through. A transaction
// reads a snapshot; when another process writes the same tally meanwhile, one of the two meets a
// write conflict and the driver runs its callback again (conn.transaction), which then sees the
// other's digests: so an agent counts once per audience and a tally never passes its cap. Should the
// server report a new tally as a duplicate rather than a conflict, the whole call runs again, as
// the driver would.

/** Runs of one countOnce that met a tally another process inserted after its snapshot. */
const DUPLICATE_RETRIES = 3;

/** A lean read gives the driver's Binary for a Buffer field; its buffer holds the bytes. */
export function bytesOf(raw: unknown): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  const binary = raw as { buffer: Uint8Array; position?: number };
  return Buffer.from(binary.buffer.subarray(0, binary.position ?? binary.buffer.length));
}

/** A stored tally as count-once.ts reads it. */
export const seenRowOf = (doc: Pick<AgentStatsSeenDoc, 'n' | 'digests' | 'expires_at'>): SeenRow => ({
  n: doc.n,
  digests: bytesOf(doc.digests),
  expires_at: new Date(doc.expires_at).getTime(),
});

export function createMongoOnceCounts(
  conn: Connection,
  { agentStats, agentStatsSeen }: Pick<MongoModels, 'agentStats' | 'agentStatsSeen'>,
): Pick<AgentStatsRepository, 'countOnce' | 'admitOnce' | 'purgeOnce'> {
  /** Decides and remembers; adds the counts too when `apply` (countOnce), else answers them (admitOnce). */
  const onceIn = (groups: OnceGroup[], apply: boolean): Promise<SeenWrites> => {
    const tallies = onceTallies(groups);
    // Built from scratch on each run of the callback: a retried transaction starts over.
    return conn.transaction(async (session) => {
      const found = await agentStatsSeen
        .find({ _id: { $in: tallies.map(String) } })
        .session(session)
        .lean<AgentStatsSeenDoc[]>();
      const held = new Map(found.map((doc) => [doc._id, seenRowOf(doc)]));
      const writes = decideOnceCounts(groups, held);
      if (writes.counted === 0) return writes;
      await agentStatsSeen.bulkWrite(
        writes.rows.map(({ tally, n, digests, expires_at, created }) =>
          created
            ? { insertOne: { document: { _id: tally, n, digests, expires_at: new Date(expires_at) } } }
            : {
                updateOne: {
                  filter: { _id: tally },
                  update: { $set: { n, digests, expires_at: new Date(expires_at) } },
                },
              },
        ),
        { session, ordered: true },
      );
      if (apply)
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
      return writes;
    });
  };
  /** Runs again when another process inserted one of the tallies after this one's snapshot. */
  const withRetries = async (groups: OnceGroup[], apply: boolean): Promise<SeenWrites> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await onceIn(groups, apply);
      } catch (error) {
        if (!isDuplicateKey(error, '_id') || attempt >= DUPLICATE_RETRIES) throw error;
      }
    }
  };

  return {
    async countOnce(groups) {
      return groups.length > 0 ? (await withRetries(groups, true)).counted : 0;
    },
    async admitOnce(groups) {
      return groups.length > 0 ? (await withRetries(groups, false)).increments : [];
    },
    async purgeOnce(now, limit) {
      if (!(limit >= 1)) return 0;
      // The TTL index does this within a minute of expiry; here for a caller that asks (and the
      // contract). deleteMany takes no limit: the ids of at most `limit` expired documents first.
      const expired = await agentStatsSeen
        .find({ expires_at: { $lt: now } }, { _id: 1 })
        .limit(Math.floor(limit))
        .lean();
      if (expired.length === 0) return 0;
      const { deletedCount } = await agentStatsSeen.deleteMany({
        _id: { $in: expired.map((doc) => doc._id) },
      });
      return deletedCount;
    },
  };
}
