import mongoose, { type Connection, type ConnectOptions } from 'mongoose';

// One way to connect, for the store and for `npm run migrate`: a connection of its own (never
// mongoose's global one), that fails within seconds when no server answers, and that refuses a
// standalone server at once.

/**
 * How long an operation waits for a server it can use (a primary for writes) before it fails. The
 * driver's default is 30 s (mongodb 7.8.0 lib/connection_string.js; "how long to block for server
 * selection before throwing an exception"), during which every request of a store outage would
 * hang; at 5 s it fails with a clear 503 (guard-storage-faults.ts reads MongoServerSelectionError
 * as "unreachable") and a start against a server that is not there fails within 5 s naming MongoDB.
 * A replica set elects a new primary in about 10 s (electionTimeoutMillis), so writes during a
 * failover may fail rather than wait: the client is told to retry (Retry-After). A URI that sets
 * serverSelectionTimeoutMS keeps its own value.
 */
export const SERVER_SELECTION_TIMEOUT_MS = 5_000;

/** Whether the URI's query names this option (the driver reads option names without regard to case). */
export function uriSetsOption(uri: string, option: string): boolean {
  const query = uri.split('?')[1] ?? '';
  return query.split('&').some((pair) => pair.split('=')[0]!.toLowerCase() === option.toLowerCase());
}

export function connectionOptions(uri: string): ConnectOptions {
  return {
    // Indexes are `npm run migrate`'s work, once per deploy; a process only checks them (indexes.ts).
    autoIndex: false,
    autoCreate: false,
    // Fail at once when the connection is down rather than queue operations until a timeout.
    bufferCommands: false,
    ...(uriSetsOption(uri, 'serverSelectionTimeoutMS')
      ? {}
      : { serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS }),
  };
}

/** Connects, or throws an error that names MongoDB and why (credentials never appear in it). */
export async function connectMongo(uri: string): Promise<Connection> {
  const conn = mongoose.createConnection(uri, connectionOptions(uri));
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
  } catch (error) {
    await conn.close().catch(() => undefined);
    throw error;
  }
  return conn;
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
