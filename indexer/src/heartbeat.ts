import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The indexer serves no HTTP, so its health check (docker-compose.yml) reads a file instead: the loop
// touches it after each turn that read the store and the search engine without an error
// (sync-loop.ts onAlive). A stale file means the indexer cannot do its work (the store or the engine
// down, the index not migrated, the loop stuck), which is what "unhealthy" should say.

export const HEARTBEAT_FILE = path.join(os.tmpdir(), 'agentry-indexer.alive');
/** The file is touched at most this often, whatever the poll interval. */
export const HEARTBEAT_EVERY_MS = 5_000;
/** Older than this, the indexer is not healthy (the compose health check uses the same figure). */
export const HEARTBEAT_STALE_MS = 30_000;

/** onAlive for runIndexer: writes the time into the file, at most every HEARTBEAT_EVERY_MS. */
export function heartbeat(file = HEARTBEAT_FILE, now: () => number = Date.now): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < HEARTBEAT_EVERY_MS) return;
    last = at;
    try {
      fs.writeFileSync(file, `${new Date(at).toISOString()}\n`);
    } catch {
      // A full or read-only /tmp must not stop the indexer: it only ends up reported unhealthy.
    }
  };
}

/** The health check's reading: fresh enough, or not (exit code 0 or 1 in the compose command). */
export function isFresh(file = HEARTBEAT_FILE, now: () => number = Date.now): boolean {
  try {
    return now() - fs.statSync(file).mtimeMs < HEARTBEAT_STALE_MS;
  } catch {
    return false;
  }
}
