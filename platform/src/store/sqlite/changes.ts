import type Database from 'better-sqlite3';
import type { AgentChange, ChangeLog } from '../port';

export function createSqliteChanges(db: Database.Database): ChangeLog {
  const since = db.prepare(
    'SELECT seq, agent_id, op, at FROM agent_changes WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const head = db.prepare(
    "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'agent_changes'), 0) AS seq",
  );
  const prune = db.prepare('DELETE FROM agent_changes WHERE seq <= ?');
  return {
    async since(afterSeq, limit) {
      return since.all(afterSeq, limit) as AgentChange[];
    },
    async head() {
      return (head.get() as { seq: number }).seq;
    },
    async prune(uptoSeq) {
      return prune.run(uptoSeq).changes;
    },
  };
}
