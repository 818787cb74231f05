import type Database from 'better-sqlite3';
import type { LeaseRepository } from '../port';

export function createSqliteLeases(db: Database.Database): LeaseRepository {
  // One statement: taken when absent, expired or already ours; otherwise the row is left as it is.
  const acquire = db.prepare(
    `INSERT INTO leases (name, holder, until) VALUES (@name, @holder, @until)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
     WHERE leases.until <= @now OR leases.holder = excluded.holder`,
  );
  const release = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  return {
    async acquire(name, holder, ttlMs, now = new Date()) {
      const at = now.getTime();
      return acquire.run({ name, holder, until: at + ttlMs, now: at }).changes === 1;
    },
    async release(name, holder) {
      release.run(name, holder);
    },
  };
}
