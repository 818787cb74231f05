import type Database from 'better-sqlite3';

/** Distinct statements kept per connection; the cache is emptied when full (SQL built from filters is bounded). */
const MAX_STATEMENTS = 500;

/**
 * `db.prepare`, but once per SQL text: reads whose SQL is built per call (a filter's WHERE, a
 * json_each list) were prepared again at every call, which SQLite parses and plans each time.
 * The search answer's trust fields alone (reviews, link checks, verified domains: three reads a
 * search) spent 1-1.5 % of a worker preparing under the whole-product mix. A statement is reused
 * for its next call; better-sqlite3 runs each call to completion, so none is used twice at once.
 */
export function preparedOnce(
  db: Database.Database,
): <P extends unknown[] | object = unknown[], R = unknown>(sql: string) => Database.Statement<P, R> {
  const statements = new Map<string, Database.Statement>();
  return <P extends unknown[] | object = unknown[], R = unknown>(sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  };
}
