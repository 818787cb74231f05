import type Database from 'better-sqlite3';
import {
  DuplicateUserError,
  type User,
  type UserRepository,
  type UserType,
  type UserWithSecret,
} from '../port';
import { isUniqueViolation } from './agents';

interface UserRow {
  id: number;
  email: string;
  full_name: string;
  organization: string;
  phone: string | null;
  user_type: UserType;
  password_hash: string;
  subscription_status: string;
  stripe_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

const PUBLIC_COLUMNS =
  'id, email, full_name, organization, phone, user_type, subscription_status, stripe_customer_id, created_at, updated_at';

function toUser(row: UserRow): User {
  const { password_hash: _secret, ...rest } = row;
  return { ...rest, id: String(row.id) };
}

const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

export function createSqliteUsers(db: Database.Database): UserRepository {
  const byId = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = ?`);
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE');
  const insert = db.prepare(
    `INSERT INTO users (email, full_name, organization, phone, user_type, password_hash, subscription_status,
       stripe_customer_id, created_at, updated_at)
     VALUES (@email, @full_name, @organization, @phone, @user_type, @password_hash, @subscription_status,
       @stripe_customer_id, @now, @now)`,
  );
  const editable = [
    'full_name',
    'organization',
    'phone',
    'user_type',
    'password_hash',
    'subscription_status',
    'stripe_customer_id',
  ] as const;

  return {
    async create(input) {
      try {
        const { lastInsertRowid } = insert.run({
          phone: null,
          subscription_status: 'inactive',
          stripe_customer_id: null,
          ...input,
          email: input.email.trim().toLowerCase(),
          now: new Date().toISOString(),
        });
        return toUser({ ...(byId.get(lastInsertRowid) as UserRow), password_hash: '' });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DuplicateUserError();
        }
        throw error;
      }
    },
    async findById(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as UserRow | undefined);
      return row ? toUser({ ...row, password_hash: '' }) : null;
    },
    async findByEmailWithSecret(email) {
      const row = byEmail.get(email.trim()) as UserRow | undefined;
      return row ? ({ ...toUser(row), password_hash: row.password_hash } satisfies UserWithSecret) : null;
    },
    async findByEmail(email) {
      const row = byEmail.get(email.trim()) as UserRow | undefined;
      return row ? toUser(row) : null;
    },
    async update(id, patch) {
      const numeric = numericId(id);
      if (numeric === null) return null;
      const keys = editable.filter((key) => patch[key] !== undefined);
      if (keys.length > 0) {
        const sets = keys.map((key) => `${key} = @${key}`).join(', ');
        db.prepare(`UPDATE users SET ${sets}, updated_at = @now WHERE id = @id`).run({
          ...Object.fromEntries(keys.map((key) => [key, patch[key]])),
          now: new Date().toISOString(),
          id: numeric,
        });
      }
      return this.findById(id);
    },
    async list() {
      const rows = db
        .prepare(`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY created_at DESC, id DESC`)
        .all() as UserRow[];
      return rows.map((row) => toUser({ ...row, password_hash: '' }));
    },
  };
}
