import { normalizeEmail } from '@agentry/domain/email';
import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import {
  DuplicateUserError,
  USER_BATCH_MAX,
  USER_LIST_MAX,
  type User,
  type UserChange,
  type UserPatch,
  type UserRepository,
  type UserWithSecret,
} from '../port';
import { newUserColumns, USER_PUBLIC_FIELDS, USER_RECORD_FIELDS, userChanges } from '../user-record';
import { isUniqueViolation } from './agent-rows';
import { createdPerDay } from './created-per-day';

type UserRow = Omit<UserWithSecret, 'id'> & { id: number };
type PublicUserRow = Omit<UserRow, 'password_hash'>;

const PUBLIC_COLUMNS = ['id', ...USER_PUBLIC_FIELDS].join(', ');
const ALL_COLUMNS = ['id', ...USER_RECORD_FIELDS].join(', ');

const toUser = (row: PublicUserRow): User => ({ ...row, id: String(row.id) });

function toUserWithSecret(row: UserRow): UserWithSecret {
  return { ...row, id: String(row.id) };
}

const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

/** Which unique rule a write broke: SQLite names the column in the message ("users.slug"). */
function duplicateUser(error: unknown): DuplicateUserError {
  // Read as a plain object: under jest the native error's class comes from another context.
  const message = String((error as { message?: unknown }).message ?? '');
  return new DuplicateUserError(message.includes('users.slug') ? 'slug' : 'email');
}

export function createSqliteUsers(db: Database.Database): UserRepository {
  const byId = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = ?`);
  // E-mails are stored lower-cased by JavaScript (all of Unicode); the lookup lower-cases the same
  // way, since NOCASE alone folds ASCII only.
  const byEmail = db.prepare(`SELECT ${ALL_COLUMNS} FROM users WHERE email = ? COLLATE NOCASE`);
  const byIds = db.prepare(
    `SELECT ${PUBLIC_COLUMNS} FROM users WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const bySlug = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE slug = ?`);
  const byCustomer = db.prepare(
    `SELECT ${PUBLIC_COLUMNS} FROM users WHERE stripe_customer_id = ? ORDER BY id LIMIT 1`,
  );
  const subscribedProviders = db.prepare(
    `SELECT ${PUBLIC_COLUMNS} FROM users
     WHERE subscription_status = 'active' AND user_type = 'agent_provider' AND slug IS NOT NULL
     ORDER BY slug LIMIT ?`,
  );
  const insert = db.prepare(
    `INSERT INTO users (${USER_RECORD_FIELDS.join(', ')})
     VALUES (${USER_RECORD_FIELDS.map((field) => `@${field}`).join(', ')})`,
  );
  const page = db.prepare(
    `SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const countAll = db.prepare('SELECT COUNT(*) AS n FROM users');
  const byStatus = db.prepare(
    'SELECT subscription_status AS value, COUNT(*) AS count FROM users GROUP BY value ORDER BY count DESC, value',
  );
  const write = (numeric: number, changes: Record<string, unknown>) => {
    const sets = Object.keys(changes)
      .map((key) => `${key} = @${key}`)
      .join(', ');
    try {
      db.prepare(`UPDATE users SET ${sets}, updated_at = @now WHERE id = @id`).run({
        ...changes,
        now: new Date().toISOString(),
        id: numeric,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateUser(error);
      throw error;
    }
  };
  /**
   * The account before, the write, the account after, in one IMMEDIATE transaction: it takes the
   * write lock before the first read, so no other connection (a worker, the CLI) writes in between.
   */
  const change = db.transaction((numeric: number, patch: UserPatch): UserChange | null => {
    const beforeRow = byId.get(numeric) as PublicUserRow | undefined;
    if (!beforeRow) return null;
    const before = toUser(beforeRow);
    const changes = userChanges(patch);
    // Nothing to change leaves updated_at alone.
    if (Object.keys(changes).length === 0) return { before, after: before };
    write(numeric, changes);
    return { before, after: toUser(byId.get(numeric) as PublicUserRow) };
  }).immediate;
  const findOne = (statement: Database.Statement, value: unknown) => {
    const row = statement.get(value) as PublicUserRow | undefined;
    return row ? toUser(row) : null;
  };

  return {
    async create(input) {
      try {
        const { lastInsertRowid } = insert.run(newUserColumns(input, new Date().toISOString()));
        return toUser(byId.get(lastInsertRowid) as PublicUserRow);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateUser(error);
        throw error;
      }
    },
    async findById(id) {
      const numeric = numericId(id);
      return numeric === null ? null : findOne(byId, numeric);
    },
    async getMany(ids) {
      const numeric = [...new Set(ids.map(String))].slice(0, USER_BATCH_MAX).map(numericId);
      const known = numeric.filter((id): id is number => id !== null);
      if (known.length === 0) return [];
      return (byIds.all(JSON.stringify(known)) as PublicUserRow[]).map(toUser);
    },
    async findByEmailWithSecret(email) {
      const row = byEmail.get(normalizeEmail(email)) as UserRow | undefined;
      return row ? toUserWithSecret(row) : null;
    },
    async findByEmail(email) {
      const row = byEmail.get(normalizeEmail(email)) as UserRow | undefined;
      if (!row) return null;
      const { password_hash: _secret, ...rest } = row;
      return toUser(rest);
    },
    async findBySlug(slug) {
      return findOne(bySlug, slug);
    },
    async findByStripeCustomerId(customerId) {
      return findOne(byCustomer, customerId);
    },
    async update(id, patch) {
      const numeric = numericId(id);
      if (numeric === null) return null;
      return change(numeric, patch)?.after ?? null;
    },
    async updateReturningPrevious(id, patch) {
      const numeric = numericId(id);
      return numeric === null ? null : change(numeric, patch);
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, USER_LIST_MAX);
      return (page.all(limit, offset) as PublicUserRow[]).map(toUser);
    },
    async count() {
      return (countAll.get() as { n: number }).n;
    },
    async countByStatus() {
      return byStatus.all() as Array<{ value: string; count: number }>;
    },
    createdPerDay: createdPerDay(db, 'users'),
    async listSubscribedProviders(limit) {
      // SQLite reads a negative LIMIT as no limit at all.
      const rows = subscribedProviders.all(Math.max(0, limit)) as PublicUserRow[];
      return rows.map(toUser);
    },
  };
}
