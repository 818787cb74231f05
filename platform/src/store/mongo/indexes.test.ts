import mongoose, { type Connection } from 'mongoose';
import { migrateIndexes, requireIndexes } from './indexes';
import { type MongoModels, registerModels } from './models';

// What migrate and the start check ask of mongoose, with stand-in models (no MongoDB runs here):
// migrate creates collections and only missing indexes, dropping none unless told; a process only
// reads the difference and refuses to start without an index, naming the command.

interface Calls {
  created: string[];
  createIndexes: string[];
  syncIndexes: string[];
}

function model(name: string, diff: { toCreate: object[]; toDrop: string[] }, calls: Calls) {
  return {
    collection: { collectionName: name },
    createCollection: async () => calls.created.push(name),
    diffIndexes: async () => diff,
    createIndexes: async () => calls.createIndexes.push(name),
    syncIndexes: async () => calls.syncIndexes.push(name),
  };
}

function fixture() {
  const calls: Calls = { created: [], createIndexes: [], syncIndexes: [] };
  const models = {
    agents: model('agents', { toCreate: [{ identity_key: 1 }], toDrop: ['old_1'] }, calls),
    users: model('users', { toCreate: [], toDrop: [] }, calls),
  } as unknown as MongoModels;
  const indexes: string[] = [];
  const conn = {
    db: {
      collection: () => ({
        createIndex: async (_keys: object, options: { name: string }) => indexes.push(options.name),
      }),
    },
  } as unknown as Connection;
  return { calls, models, conn, indexes };
}

describe('npm run migrate on MongoDB', () => {
  it('creates every collection and the missing indexes, and drops nothing an older process may use', async () => {
    const { calls, models, conn, indexes } = fixture();
    const report = await migrateIndexes(conn, models);
    expect(calls).toEqual({ created: ['agents', 'users'], createIndexes: ['agents'], syncIndexes: [] });
    expect(report).toEqual({ created: ['agents {"identity_key":1}'], dropped: [] });
    expect(indexes).toEqual(['rate_limit_expiry']);
  });

  it('drops the undeclared indexes only when told to, once the previous version is gone', async () => {
    const { calls, models, conn } = fixture();
    const report = await migrateIndexes(conn, models, { dropUnused: true });
    expect(calls.syncIndexes).toEqual(['agents', 'users']);
    expect(report.dropped).toEqual(['agents old_1']);
  });
});

describe('the start check', () => {
  it('refuses a database that lacks an index, naming it and the command', async () => {
    const { models } = fixture();
    await expect(requireIndexes(models)).rejects.toThrow(
      'MongoDB lacks 1 index this version needs (agents {"identity_key":1}): run `npm run migrate`',
    );
  });
});

describe('the indexes this version declares (what migrate builds)', () => {
  it("forgets provider analytics' once-a-day tallies by a TTL index on their expiry (the tally is the unique _id)", async () => {
    const conn = mongoose.createConnection();
    try {
      const { agentStatsSeen } = registerModels(conn);
      expect(agentStatsSeen.collection.collectionName).toBe('agent_stats_seen');
      expect(agentStatsSeen.schema.indexes()).toEqual([[{ expires_at: 1 }, { expireAfterSeconds: 0 }]]);
    } finally {
      await conn.close();
    }
  });
});
