import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import { LINK_CHECK_LIST_MAX, type LinkCheckRecord, type LinkCheckRepository } from '../port';
import { preparedOnce } from './prepared-once';

const FIELDS = [
  'agent_id',
  'url',
  'state',
  'state_since',
  'outcome',
  'http_status',
  'final_url',
  'detail',
  'checked_at',
  'failures',
  'first_failure_at',
  'notified_at',
  'retry_at',
] as const satisfies ReadonlyArray<keyof LinkCheckRecord>;
const COLUMNS = FIELDS.join(', ');

export function createSqliteLinkChecks(db: Database.Database): LinkCheckRepository {
  const prepared = preparedOnce(db);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM link_checks WHERE agent_id = ?`);
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO link_checks (${COLUMNS}) VALUES (${FIELDS.map((field) => `@${field}`).join(', ')})`,
  );
  const saveTx = db.transaction((records: LinkCheckRecord[]) => {
    for (const record of records) upsert.run(record);
  });
  const retries = db.prepare(
    `SELECT ${COLUMNS} FROM link_checks WHERE retry_at IS NOT NULL AND retry_at <= ? ORDER BY retry_at LIMIT ?`,
  );
  const filter = (options: { state: string; downSince?: Date }) =>
    options.downSince
      ? {
          clause: 'WHERE state = ? AND state_since <= ?',
          params: [options.state, options.downSince.toISOString()],
        }
      : { clause: 'WHERE state = ?', params: [options.state] };

  return {
    async get(agentId) {
      return (byId.get(String(agentId)) as LinkCheckRecord | undefined) ?? null;
    },
    async getMany(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, 1000);
      if (ids.length === 0) return [];
      return prepared(
        `SELECT ${COLUMNS} FROM link_checks WHERE agent_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(ids)) as LinkCheckRecord[];
    },
    async saveMany(records) {
      if (records.length > 0) saveTx(records);
    },
    async listRetries(now, limit) {
      return retries.all(now.toISOString(), Math.max(0, limit)) as LinkCheckRecord[];
    },
    async list(options) {
      const { limit, offset } = pageOf(options, LINK_CHECK_LIST_MAX);
      const { clause, params } = filter(options);
      return db
        .prepare(
          `SELECT ${COLUMNS} FROM link_checks ${clause} ORDER BY state_since, agent_id LIMIT ? OFFSET ?`,
        )
        .all(...params, limit, offset) as LinkCheckRecord[];
    },
    async count(options) {
      const { clause, params } = filter(options);
      return (db.prepare(`SELECT COUNT(*) AS n FROM link_checks ${clause}`).get(...params) as { n: number })
        .n;
    },
  };
}
