import type Database from 'better-sqlite3';
import { whileBusy } from './retry-when-busy';

// A small real write for ping() to prove the store can save again after a full disk or a
// read-only spell: a 4 kB value (it needs fresh pages, as most writes do) put in kv and taken out
// in one committed transaction, so it leaves nothing behind. It fails exactly as a request's write
// would: SQLITE_FULL, SQLITE_READONLY.

const PROBE_KEY = 'store:write-probe';

export function sqliteWriteProbe(db: Database.Database): () => Promise<void> {
  const put = db.prepare(
    'INSERT INTO kv (key, value) VALUES (?, hex(randomblob(2048))) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM kv WHERE key = ?');
  const probe = db.transaction(() => {
    put.run(PROBE_KEY);
    remove.run(PROBE_KEY);
  });
  return () => whileBusy(async () => probe());
}
