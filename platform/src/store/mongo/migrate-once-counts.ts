import type { Connection } from 'mongoose';
import { type CarriedTally, LegacyOnceCarrier, mergeCarried } from '../legacy-once-keys';
import { seenRowOf } from './agent-stats-once';
import { type AgentStatsSeenDoc, LEGACY_ONCE_COLLECTION, type MongoModels } from './models';

// `npm run migrate`'s part for provider analytics' "once a day" (SQLite: migration 21): the old
// collection's rows, one per counted agent, carried into agent_stats_seen's tallies (one per
// audience, kind and day) with legacy-once-keys.ts, so nobody counts again on the day of the
// upgrade what they counted before it. Idempotent: a tally is merged into what agent_stats_seen
// already holds (the digests of both, the larger count), so running migrate again once the last
// process of the previous version has stopped carries the rows those wrote meanwhile and changes
// nothing else. The old collection is left to its TTL index (empty within two days).

/** Tallies merged per transaction. */
const BATCH = 500;

export interface OnceCountsMigration {
  /** Old rows read. */
  read: number;
  /** Tallies written to agent_stats_seen. */
  carried: number;
}

export async function migrateOnceCounts(
  conn: Connection,
  { agentStatsSeen }: Pick<MongoModels, 'agentStatsSeen'>,
): Promise<OnceCountsMigration> {
  const report: OnceCountsMigration = { read: 0, carried: 0 };
  const db = conn.db;
  if (!db) throw new Error('migrateOnceCounts needs an open connection');
  const exists = await db.listCollections({ name: LEGACY_ONCE_COLLECTION }, { nameOnly: true }).toArray();
  if (exists.length === 0) return report;

  let batch: CarriedTally[] = [];
  const write = async (tallies: CarriedTally[]) => {
    await conn.transaction(async (session) => {
      const found = await agentStatsSeen
        .find({ _id: { $in: tallies.map((tally) => tally.tally) } })
        .session(session)
        .lean<AgentStatsSeenDoc[]>();
      const held = new Map(found.map((doc) => [doc._id, seenRowOf(doc)]));
      await agentStatsSeen.bulkWrite(
        tallies.map((tally) => {
          const { n, digests, expires_at } = mergeCarried(held.get(tally.tally), tally);
          return {
            updateOne: {
              filter: { _id: tally.tally },
              update: { $set: { n, digests: Buffer.from(digests), expires_at: new Date(expires_at) } },
              upsert: true,
            },
          };
        }),
        { session, ordered: true },
      );
    });
    report.carried += tallies.length;
  };
  const carrier = new LegacyOnceCarrier((tally) => batch.push(tally));
  const cursor = db
    .collection<{ _id: string; n: number; expires_at: Date }>(LEGACY_ONCE_COLLECTION)
    .find({}, { sort: { _id: 1 }, batchSize: 5_000 });
  for await (const doc of cursor) {
    report.read += 1;
    carrier.push({ key: String(doc._id), n: doc.n, expires_at: new Date(doc.expires_at).getTime() });
    if (batch.length >= BATCH) {
      const full = batch;
      batch = [];
      await write(full);
    }
  }
  carrier.end();
  if (batch.length > 0) await write(batch);
  return report;
}
