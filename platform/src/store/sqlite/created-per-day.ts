import type Database from 'better-sqlite3';
import { dayCounts } from '../page';
import type { DayCount } from '../port';

/** Rows of `table` created at or after `since`, per UTC day: created_at is an ISO string, so its first ten characters are the day. */
export function createdPerDay(db: Database.Database, table: 'agents' | 'users') {
  const statement = db.prepare(
    `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS count FROM ${table}
     WHERE created_at >= ? GROUP BY day`,
  );
  return async (since: Date): Promise<DayCount[]> =>
    dayCounts(statement.all(since.toISOString()) as DayCount[]);
}
