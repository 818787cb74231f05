import mongoose, { type Connection } from 'mongoose';
import { openMongoRateLimits } from '../../rate-limit/mongo-rate-limits';
import { guardStorageFaults } from '../guard-storage-faults';
import type { Store } from '../port';
import { createMongoAdmins } from './admins';
import { createMongoAgentStats } from './agent-stats';
import { createMongoAgents } from './agents';
import { createMongoAudit } from './audit';
import { createMongoBilling } from './billing';
import { createMongoChanges } from './changes';
import { createMongoContacts } from './contacts';
import { prepareCollections, registerModels } from './models';
import { createMongoKv, createMongoSessions } from './sessions';
import { createMongoShortlists } from './shortlists';
import { mongoStorageFault } from './storage-faults';
import { createMongoTokens } from './tokens';
import { createMongoToolUsage } from './tool-usage';
import { createMongoUsers } from './users';

/**
 * The MongoDB store, on a connection of its own (never mongoose's global one, so several stores
 * and other mongoose users in the process stay apart). Agent writes use transactions, so the
 * server must be a replica set or mongos; docker-compose runs a one-node replica set. The database
 * is the one the URI names.
 */
export async function openMongoStore(uri: string): Promise<Store> {
  const conn = mongoose.createConnection(uri, {
    // Indexes are synced once below, not built in the background by each model.
    autoIndex: false,
    autoCreate: false,
    // Fail at once when the connection is down rather than queue operations until a timeout.
    bufferCommands: false,
  });
  try {
    await conn.asPromise();
  } catch (error) {
    await conn.close().catch(() => undefined);
    throw new Error(`Cannot connect to MongoDB: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  try {
    await requireTransactions(conn);
    const models = registerModels(conn);
    await prepareCollections(models);
    const store: Store = {
      kind: 'mongodb',
      agents: createMongoAgents(conn, models),
      changes: createMongoChanges(models),
      users: createMongoUsers(models),
      sessions: createMongoSessions(models),
      tokens: createMongoTokens(models),
      billing: createMongoBilling(models),
      kv: createMongoKv(models),
      admins: createMongoAdmins(models),
      audit: createMongoAudit(models),
      shortlists: createMongoShortlists(models),
      contacts: createMongoContacts(models),
      agentStats: createMongoAgentStats(models),
      toolUsage: createMongoToolUsage(models),
      rateLimits: await openMongoRateLimits(conn),
      async ping() {
        const db = conn.db;
        if (!db) throw new Error('The MongoDB store is closed');
        await db.admin().ping();
      },
      async close() {
        await conn.close();
      },
    };
    // A full disk or no writable primary answers writes with StoreUnavailableError (a 503); ping
    // reports it for a few seconds after it was last seen.
    return guardStorageFaults(store, { classify: mongoStorageFault });
  } catch (error) {
    await conn.close().catch(() => undefined);
    throw error;
  }
}

/** A standalone server would accept reads and fail the first agent write; say so at start instead. */
async function requireTransactions(conn: Connection): Promise<void> {
  const hello = await conn.db!.admin().command({ hello: 1 });
  if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') {
    throw new Error(
      'MongoDB is running as a standalone server; the store needs a replica set (a single-node one will do) or a sharded cluster, because agent writes use transactions',
    );
  }
}
