import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { PlainMatchTexts } from './plain-match-texts';
import type { PlainMatchingAnswer } from './plain-matching-off-thread';

// The worker thread of PlainMatchingOffThread: a read-only connection of its own to the store's
// file and a copy of every listed agent's text (plain-match-texts.ts), answering one plain-matching
// query at a time.

/** The texts (about 20 MB at 100,000 agents) are let go after this long without a query. */
const IDLE_MS = 5 * 60 * 1000;

const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const texts = new PlainMatchTexts(db);
let idle: NodeJS.Timeout | undefined;

interface Query {
  id: number;
  query: string;
  limit: number;
  answer: PlainMatchingAnswer;
}

parentPort?.on('message', ({ id, query, limit, answer }: Query) => {
  clearTimeout(idle);
  try {
    if (answer === 'held') {
      const found = texts.searchHeld(query, limit);
      // The held words' buffer is handed over, not copied.
      parentPort?.postMessage({ id, found }, [found.held.buffer as ArrayBuffer]);
    } else parentPort?.postMessage({ id, found: texts.search(query, limit) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
  idle = setTimeout(() => texts.release(), IDLE_MS);
  idle.unref();
});
