import type Database from 'better-sqlite3';
import { decideOnceCounts, onceLookups } from '../count-once';
import type { AgentStatsRepository, OnceCount } from '../port';

// Counts that happen once per key across every API process (AgentStatsRepository.countOnce): the
// keys and the audiences' tallies live in agent_stats_once (migration 12), one row each, looked up
// and written in the same transaction as the counts they let through. SQLite runs one write
// transaction at a time, so two processes sending the same key count it once.

type Add = (agentId: string, week: string, kind: OnceCount['kind'], count: number) => void;

export function createSqliteOnceCounts(
  db: Database.Database,
  add: Add,
): Pick<AgentStatsRepository, 'countOnce' | 'purgeOnce'> {
  const find = db.prepare<[string], { n: number }>('SELECT n FROM agent_stats_once WHERE key = ?');
  const remember = db.prepare(
    `INSERT INTO agent_stats_once (key, n, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET n = excluded.n, expires_at = max(expires_at, excluded.expires_at)`,
  );
  const purge = db.prepare(
    `DELETE FROM agent_stats_once WHERE key IN
       (SELECT key FROM agent_stats_once WHERE expires_at < ? LIMIT ?)`,
  );
  const countOnceTx = db.transaction((entries: OnceCount[]): number => {
    const { keys, tallies } = onceLookups(entries);
    const seen = new Set(keys.filter((key) => find.get(key) !== undefined));
    const held = new Map<string, number>();
    for (const tally of tallies) {
      const row = find.get(tally);
      if (row) held.set(tally, row.n);
    }
    const writes = decideOnceCounts(entries, seen, held);
    for (const { key, expires_at } of writes.keys) remember.run(key, 1, expires_at);
    for (const { tally, n, expires_at } of writes.tallies) remember.run(tally, n, expires_at);
    for (const { agent_id, week, kind, count } of writes.increments) add(agent_id, week, kind, count);
    return writes.counted;
  });
  return {
    async countOnce(entries) {
      return entries.length > 0 ? countOnceTx(entries) : 0;
    },
    async purgeOnce(now, limit) {
      if (!(limit >= 1)) return 0;
      return purge.run(now.getTime(), Math.floor(limit)).changes;
    },
  };
}
