import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { searchBasicIn } from './agents';

// The worker thread of PlainMatchingOffThread: a read-only connection of its own to the store's
// file, answering one plain-matching query at a time.

const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

parentPort?.on('message', ({ id, query, limit }: { id: number; query: string; limit: number }) => {
  try {
    parentPort?.postMessage({ id, agents: searchBasicIn(db, query, limit) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
