import type Database from 'better-sqlite3';
import { type Admin, type AdminRepository, type AdminWithSecret, DuplicateAdminError } from '../port';
import { isUniqueViolation } from './agents';

type AdminRow = Omit<AdminWithSecret, 'id'> & { id: number };

const toAdmin = ({ id, username, created_at }: AdminRow): Admin => ({ id: String(id), username, created_at });
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);
export const normalizeUsername = (username: string) => username.trim().toLowerCase();

export function createSqliteAdmins(db: Database.Database): AdminRepository {
  const insert = db.prepare('INSERT INTO admins (username, password_hash, created_at) VALUES (?, ?, ?)');
  const byId = db.prepare('SELECT * FROM admins WHERE id = ?');
  const byUsername = db.prepare('SELECT * FROM admins WHERE username = ?');
  const setHash = db.prepare('UPDATE admins SET password_hash = ? WHERE id = ?');
  const count = db.prepare('SELECT COUNT(*) AS n FROM admins');

  return {
    async create({ username, password_hash }) {
      const name = normalizeUsername(username);
      try {
        const { lastInsertRowid } = insert.run(name, password_hash, new Date().toISOString());
        return toAdmin(byId.get(lastInsertRowid) as AdminRow);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateAdminError(name);
        throw error;
      }
    },
    async findById(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as AdminRow | undefined);
      return row ? toAdmin(row) : null;
    },
    async findByUsernameWithSecret(username) {
      const row = byUsername.get(normalizeUsername(username)) as AdminRow | undefined;
      return row ? { ...toAdmin(row), password_hash: row.password_hash } : null;
    },
    async setPasswordHash(id, passwordHash) {
      const numeric = numericId(id);
      if (numeric !== null) setHash.run(passwordHash, numeric);
    },
    async count() {
      return (count.get() as { n: number }).n;
    },
  };
}
