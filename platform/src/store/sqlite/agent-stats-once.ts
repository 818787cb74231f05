import type Database from 'better-sqlite3';
import { decideOnceCounts, onceTallies, type SeenRow } from '../count-once';
import type { AgentStatsRepository, OnceGroup } from '../port';

// Counts that happen once per audience, agent, kind and day across every API process
// (AgentStatsRepository.countOnce): each audience's tally of a kind and day is one row of
// agent_stats_seen (migration 21) holding the digests of the agents it counted, read and written
// in the same transaction as the counts it lets through. SQLite runs one write transaction at a
// time, so two processes counting the same agent for the same audience count it once.
//
// One row per tally rather than one per counted agent (migration 12's agent_stats_once): a
// visitor's page of 20 agents is one lookup and one row written, not 20 index entries in a table
// of millions and its expiry index.

type Add = (agentId: string, week: string, kind: OnceGroup['kind'], count: number) => void;

export function createSqliteOnceCounts(
  db: Database.Database,
  add: Add,
): Pick<AgentStatsRepository, 'countOnce' | 'admitOnce' | 'purgeOnce'> {
  const find = db.prepare<[string], SeenRow>(
    'SELECT n, digests, expires_at FROM agent_stats_seen WHERE tally = ?',
  );
  const create = db.prepare(
    'INSERT INTO agent_stats_seen (tally, n, digests, expires_at) VALUES (?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE agent_stats_seen SET n = ?, digests = ?, expires_at = ? WHERE tally = ?');
  const purge = db.prepare(
    `DELETE FROM agent_stats_seen WHERE rowid IN
       (SELECT rowid FROM agent_stats_seen WHERE expires_at < ? LIMIT ?)`,
  );
  /** Decides and remembers; adds the counts too when `apply` (countOnce), else answers them (admitOnce). */
  const onceTx = db.transaction((groups: OnceGroup[], apply: boolean) => {
    const held = new Map<string, SeenRow>();
    for (const tally of onceTallies(groups)) {
      const row = find.get(tally);
      if (row) held.set(tally, row);
    }
    const writes = decideOnceCounts(groups, held);
    for (const { tally, n, digests, expires_at, created } of writes.rows) {
      if (created) create.run(tally, n, digests, expires_at);
      else update.run(n, digests, expires_at, tally);
    }
    if (apply)
      for (const { agent_id, week, kind, count } of writes.increments) add(agent_id, week, kind, count);
    return writes;
  });
  return {
    async countOnce(groups) {
      return groups.length > 0 ? onceTx(groups, true).counted : 0;
    },
    async admitOnce(groups) {
      return groups.length > 0 ? onceTx(groups, false).increments : [];
    },
    async purgeOnce(now, limit) {
      if (!(limit >= 1)) return 0;
      return purge.run(now.getTime(), Math.floor(limit)).changes;
    },
  };
}
