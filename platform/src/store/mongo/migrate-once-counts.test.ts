import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import { migrateOnceCounts } from './migrate-once-counts';
import type { AgentStatsSeenDoc, MongoModels } from './models';

// `npm run migrate`'s carrying of the old once-a-day rows into agent_stats_seen, with a stand-in
// connection (no MongoDB runs here: FACTS.md): the rows read in key order, each tally merged into
// what is stored under its name inside a transaction, a second run changing nothing, and nothing
// done when the old collection is gone. What a tally holds is legacy-once-keys.ts' (tested there).

const hash = (text: string) => createHash('sha256').update(text).digest();
const TALLY = hash('tally').toString('base64url').slice(0, 22);
const legacyKey = (agent: string) => TALLY.slice(0, 6) + hash(agent).toString('base64url').slice(6, 22);
const digest = (agent: string) => hash(agent).subarray(6, 14);
const EXPIRES = new Date('2026-11-30T00:00:00Z');

function fixture(legacy: Array<{ _id: string; n: number }> | null) {
  const seen = new Map<string, AgentStatsSeenDoc>();
  const transactions: number[] = [];
  const agentStatsSeen = {
    find: (filter: { _id: { $in: string[] } }) => ({
      session: () => ({
        lean: async () => filter._id.$in.flatMap((id) => (seen.has(id) ? [{ ...seen.get(id)! }] : [])),
      }),
    }),
    bulkWrite: async (
      ops: Array<{
        updateOne: {
          filter: { _id: string };
          update: { $set: Omit<AgentStatsSeenDoc, '_id'> };
          upsert: boolean;
        };
      }>,
    ) => {
      for (const { updateOne } of ops)
        seen.set(updateOne.filter._id, { _id: updateOne.filter._id, ...updateOne.update.$set });
    },
  };
  const conn = {
    db: {
      listCollections: () => ({ toArray: async () => (legacy ? [{ name: 'agent_stats_once' }] : []) }),
      collection: (name: string) => {
        expect(name).toBe('agent_stats_once');
        return {
          find: (_filter: object, options: { sort: { _id: 1 } }) => {
            expect(options.sort).toEqual({ _id: 1 });
            const rows = [...legacy!]
              .sort((a, b) => (a._id < b._id ? -1 : 1))
              .map((row) => ({ ...row, expires_at: EXPIRES }));
            return (async function* () {
              yield* rows;
            })();
          },
        };
      },
    },
    transaction: async (work: (session: object) => Promise<unknown>) => {
      transactions.push(1);
      return work({});
    },
  } as unknown as Connection;
  return {
    conn,
    models: { agentStatsSeen } as unknown as Pick<MongoModels, 'agentStatsSeen'>,
    seen,
    transactions,
  };
}

describe('npm run migrate: provider analytics once-a-day rows on MongoDB', () => {
  it('carries a tally and its keys into one document, merged with what a new process stored, and runs again to no effect', async () => {
    const { conn, models, seen, transactions } = fixture([
      { _id: TALLY, n: 2 },
      { _id: legacyKey('a1'), n: 1 },
      { _id: legacyKey('a2'), n: 1 },
    ]);
    // A process of the new version counted a2 and a3 for this audience before migrate ran.
    seen.set(TALLY, {
      _id: TALLY,
      n: 2,
      digests: Buffer.concat([digest('a2'), digest('a3')]),
      expires_at: EXPIRES,
    });

    expect(await migrateOnceCounts(conn, models)).toEqual({ read: 3, carried: 1 });
    const once = seen.get(TALLY)!;
    expect(once.n).toBe(3);
    expect(Buffer.from(once.digests)).toEqual(Buffer.concat([digest('a2'), digest('a3'), digest('a1')]));
    expect(transactions).toHaveLength(1);

    await migrateOnceCounts(conn, models);
    expect(seen.get(TALLY)).toEqual(once);
  });

  it('does nothing once the old collection is gone', async () => {
    const { conn, models, seen } = fixture(null);
    expect(await migrateOnceCounts(conn, models)).toEqual({ read: 0, carried: 0 });
    expect(seen.size).toBe(0);
  });
});
