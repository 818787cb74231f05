import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import {
  DomainLimitError,
  type DomainVerification,
  type DomainVerificationRepository,
  DuplicateDomainError,
  VERIFICATION_LIST_MAX,
} from '../port';
import { isUniqueViolation } from './agent-rows';
import { preparedOnce } from './prepared-once';

const COLUMNS =
  'id, user_id, domain, token, status, method, verified_at, checked_at, next_check_at, failures, lapsed_at, created_at, updated_at';
type Row = Omit<DomainVerification, 'id'> & { id: number };
const toVerification = (row: Row): DomainVerification => ({ ...row, id: String(row.id) });
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

export function createSqliteVerifications(db: Database.Database): DomainVerificationRepository {
  const prepared = preparedOnce(db);
  const countForUser = db.prepare('SELECT COUNT(*) AS n FROM domain_verifications WHERE user_id = ?');
  const insert = db.prepare(
    `INSERT INTO domain_verifications (user_id, domain, token, status, created_at, updated_at)
     VALUES (@user_id, @domain, @token, 'pending', @now, @now) RETURNING ${COLUMNS}`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS} FROM domain_verifications WHERE id = ?`);
  const forUser = db.prepare(
    `SELECT ${COLUMNS} FROM domain_verifications WHERE user_id = ? ORDER BY domain LIMIT ?`,
  );
  const remove = db.prepare(
    `DELETE FROM domain_verifications WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`,
  );
  const saveCheck = db.prepare(
    `UPDATE domain_verifications SET status = @status, method = @method, verified_at = @verified_at,
       checked_at = @checked_at, next_check_at = @next_check_at, failures = @failures, lapsed_at = @lapsed_at,
       updated_at = @now
     WHERE id = @id RETURNING ${COLUMNS}`,
  );
  const due = db.prepare(
    `SELECT ${COLUMNS} FROM domain_verifications
     WHERE status = 'verified' AND next_check_at <= ? ORDER BY next_check_at, id LIMIT ?`,
  );
  // Counted and inserted in one write transaction: two additions at once cannot both pass the limit.
  const createTx = db.transaction(
    (input: { user_id: string; domain: string; token: string }, max: number) => {
      if ((countForUser.get(input.user_id) as { n: number }).n >= max) throw new DomainLimitError(max);
      return insert.get({ ...input, now: new Date().toISOString() }) as Row;
    },
  );

  const where = (status?: string) =>
    status ? { clause: 'WHERE status = ?', params: [status] } : { clause: '', params: [] };

  return {
    async create(input, max) {
      try {
        return toVerification(createTx.immediate(input, max));
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateDomainError(input.domain);
        throw error;
      }
    },
    async get(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as Row | undefined);
      return row ? toVerification(row) : null;
    },
    async listForUser(userId) {
      return (forUser.all(userId, VERIFICATION_LIST_MAX) as Row[]).map(toVerification);
    },
    async remove(id, userId) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (remove.get(numeric, userId) as Row | undefined);
      return row ? toVerification(row) : null;
    },
    async saveCheck(id, patch) {
      const numeric = numericId(id);
      if (numeric === null) return null;
      const row = saveCheck.get({ ...patch, id: numeric, now: new Date().toISOString() }) as Row | undefined;
      return row ? toVerification(row) : null;
    },
    async verifiedFor(userIds) {
      const ids = [...new Set(userIds)].slice(0, 1000);
      if (ids.length === 0) return [];
      return prepared(
        `SELECT user_id, domain FROM domain_verifications INDEXED BY domain_verifications_verified
           WHERE status = 'verified' AND user_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(ids)) as Array<{ user_id: string; domain: string }>;
    },
    async listDue(now, limit) {
      return (due.all(now.toISOString(), Math.max(0, limit)) as Row[]).map(toVerification);
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, VERIFICATION_LIST_MAX);
      const { clause, params } = where(options.status);
      const order = options.status === 'lapsed' ? 'ORDER BY lapsed_at DESC, id DESC' : 'ORDER BY id DESC';
      return (
        db
          .prepare(`SELECT ${COLUMNS} FROM domain_verifications ${clause} ${order} LIMIT ? OFFSET ?`)
          .all(...params, limit, offset) as Row[]
      ).map(toVerification);
    },
    async count(options = {}) {
      const { clause, params } = where(options.status);
      return (
        db.prepare(`SELECT COUNT(*) AS n FROM domain_verifications ${clause}`).get(...params) as { n: number }
      ).n;
    },
  };
}
