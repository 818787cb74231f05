import type Database from 'better-sqlite3';
import type { ToolUsageRepository, ToolWeekCalls } from '../port';

export function createSqliteToolUsage(db: Database.Database): ToolUsageRepository {
  const add = db.prepare(
    `INSERT INTO tool_usage (week, tool, calls) VALUES (?, ?, ?)
     ON CONFLICT (week, tool) DO UPDATE SET calls = calls + excluded.calls`,
  );
  const incrementTx = db.transaction((entries: ToolWeekCalls[]) => {
    for (const { week, tool, calls } of entries) add.run(week, tool, calls);
  });
  const since = db.prepare('SELECT tool, week, calls FROM tool_usage WHERE week >= ? ORDER BY week, tool');
  return {
    async increment(entries) {
      if (entries.length > 0) incrementTx(entries);
    },
    async since(sinceWeek) {
      return since.all(sinceWeek) as ToolWeekCalls[];
    },
  };
}
