import type { mongo } from 'mongoose';
import type { AgentChange, ChangeLog, ChangeOp } from '../port';
import type { MongoModels } from './models';

const COUNTER_ID = 'agent_changes';

/**
 * Appends change entries inside the caller's transaction. Sequence numbers come from one counter
 * document rather than from the entries, so pruning never lets a number come back. Because every
 * agent write increments that same document, concurrent writers conflict and the driver retries
 * the later one: entries commit in seq order, and a reader following since() never sees a lower
 * seq appear behind one it has already passed.
 */
export async function recordChanges(
  models: MongoModels,
  session: mongo.ClientSession,
  entries: Array<{ agent_id: string; op: ChangeOp }>,
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const counter = await models.counters
    .findOneAndUpdate(
      { _id: COUNTER_ID },
      { $inc: { seq: entries.length } },
      { upsert: true, returnDocument: 'after', session },
    )
    .lean();
  const last = counter!.seq;
  const first = last - entries.length + 1;
  await models.changes.insertMany(
    entries.map((entry, index) => ({ seq: first + index, agent_id: entry.agent_id, op: entry.op, at })),
    // Plain documents of our own making: no mongoose hydration or validation per entry.
    { session, lean: true },
  );
}

const GROUPS_COUNTER_ID = 'agent_groups';

/**
 * Moves the listing's groups version (AgentRepository.groupsVersion) inside the caller's
 * transaction: every agent write that lists or unlists an agent, or changes a listed agent's
 * category or role, calls it beside recordChanges. SQLite does the same with triggers.
 */
export async function moveGroupsVersion(models: MongoModels, session: mongo.ClientSession): Promise<void> {
  await models.counters.updateOne(
    { _id: GROUPS_COUNTER_ID },
    { $inc: { seq: 1 } },
    { upsert: true, session },
  );
}

/** The listing's groups version: 0 until the first write that moves it. */
export async function readGroupsVersion(models: MongoModels): Promise<number> {
  const counter = await models.counters.findById(GROUPS_COUNTER_ID).lean();
  return counter?.seq ?? 0;
}

/**
 * The change log is read with read concern "majority": only entries a majority of the replica set
 * holds, which a failover cannot roll back ("The documents returned by the read operation are
 * durable, even in the event of failure", https://www.mongodb.com/docs/v7.0/reference/read-concern-majority/).
 * With "local", the indexer could index a change the old primary then rolled back
 * (https://www.mongodb.com/docs/v7.0/core/replica-set-rollbacks/), and record a checkpoint above the
 * new primary's counter, so that the next changes, numbered from that counter, would be skipped.
 * On a single-node replica set majority is that node: nothing changes there.
 */
export const CHANGE_LOG_READ_CONCERN = 'majority';

export function createMongoChanges(models: MongoModels): ChangeLog {
  return {
    async since(afterSeq, limit) {
      // MongoDB reads limit(0) as "no limit"; SQLite's LIMIT 0 returns nothing.
      if (limit <= 0) return [];
      const docs = await models.changes
        .find({ seq: { $gt: afterSeq } })
        .sort({ seq: 1 })
        .limit(limit)
        .readConcern(CHANGE_LOG_READ_CONCERN)
        .lean();
      return docs.map(
        (doc): AgentChange => ({
          seq: doc.seq,
          agent_id: doc.agent_id,
          op: doc.op,
          at: doc.at.toISOString(),
        }),
      );
    },
    async head() {
      // The counter, not the newest remaining entry: after a prune the log may be empty while
      // the sequence has moved on, and head() must say where it stands (as SQLite's does).
      const counter = await models.counters.findById(COUNTER_ID).readConcern(CHANGE_LOG_READ_CONCERN).lean();
      return counter?.seq ?? 0;
    },
    async prune(uptoSeq) {
      const { deletedCount } = await models.changes.deleteMany({ seq: { $lte: uptoSeq } });
      return deletedCount;
    },
  };
}
