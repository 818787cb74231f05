import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import { AUDIT_LIST_MAX, type AuditEntry, type AuditFilter, type AuditLog } from '../port';

interface AuditRow extends Omit<AuditEntry, 'id' | 'before' | 'after'> {
  id: number;
  before: string | null;
  after: string | null;
}

const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));
const toEntry = (row: AuditRow): AuditEntry => ({
  ...row,
  id: String(row.id),
  before: parse(row.before),
  after: parse(row.after),
});

const FILTER_COLUMNS = ['actor', 'action', 'entity_type', 'entity_id'] as const;

/** WHERE clause and parameters of a filter: only the fields given, each by equality (indexed). */
function where(filter: AuditFilter) {
  const given = FILTER_COLUMNS.filter((column) => filter[column] !== undefined);
  return {
    sql: given.length === 0 ? '' : `WHERE ${given.map((column) => `${column} = @${column}`).join(' AND ')}`,
    params: Object.fromEntries(given.map((column) => [column, String(filter[column])])),
  };
}

export function createSqliteAudit(db: Database.Database): AuditLog {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, actor, action, entity_type, entity_id, entity_label, before, after)
     VALUES (@at, @actor, @action, @entity_type, @entity_id, @entity_label, @before, @after)`,
  );
  const byId = db.prepare('SELECT * FROM audit_log WHERE id = ?');

  return {
    async record(entry) {
      const { lastInsertRowid } = insert.run({
        ...entry,
        at: entry.at ?? new Date().toISOString(),
        before: entry.before === null ? null : JSON.stringify(entry.before),
        after: entry.after === null ? null : JSON.stringify(entry.after),
      });
      return toEntry(byId.get(lastInsertRowid) as AuditRow);
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, AUDIT_LIST_MAX);
      const { sql, params } = where(options);
      const rows = db
        .prepare(`SELECT * FROM audit_log ${sql} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
        .all({ ...params, limit, offset }) as AuditRow[];
      return rows.map(toEntry);
    },
    async count(filter = {}) {
      const { sql, params } = where(filter);
      return (db.prepare(`SELECT COUNT(*) AS n FROM audit_log ${sql}`).get(params) as { n: number }).n;
    },
  };
}
