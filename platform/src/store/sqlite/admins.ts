import { normalizeUsername } from '@agentry/domain/email';
import type Database from 'better-sqlite3';
import { type Admin, type AdminRepository, type AdminWithSecret, DuplicateAdminError } from '../port';
import { isUniqueViolation } from './agent-rows';

interface AdminRow {
  id: number;
  username: string;
  password_hash: string;
  created_at: string;
  totp_secret: string | null;
  totp_last_step: number | null;
  /** JSON array of the unused recovery codes' hashes. */
  recovery_codes: string;
}

const toAdmin = ({ id, username, created_at, totp_secret }: AdminRow): Admin => ({
  id: String(id),
  username,
  created_at,
  totp_enabled: totp_secret !== null,
});
const withSecret = (row: AdminRow): AdminWithSecret => ({
  ...toAdmin(row),
  password_hash: row.password_hash,
  totp_secret: row.totp_secret,
  totp_last_step: row.totp_last_step,
  recovery_codes_left: (JSON.parse(row.recovery_codes) as string[]).length,
});
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

export function createSqliteAdmins(db: Database.Database): AdminRepository {
  const insert = db.prepare('INSERT INTO admins (username, password_hash, created_at) VALUES (?, ?, ?)');
  const byId = db.prepare('SELECT * FROM admins WHERE id = ?');
  const byUsername = db.prepare('SELECT * FROM admins WHERE username = ?');
  const setHash = db.prepare('UPDATE admins SET password_hash = ? WHERE id = ?');
  const setTotp = db.prepare(
    'UPDATE admins SET totp_secret = ?, recovery_codes = ?, totp_last_step = NULL WHERE id = ?',
  );
  // One statement: two processes accepting the same code at once cannot both see the old step.
  const useStep = db.prepare(
    'UPDATE admins SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
  );
  const setCodes = db.prepare('UPDATE admins SET recovery_codes = ? WHERE id = ? AND recovery_codes = ?');
  const count = db.prepare('SELECT COUNT(*) AS n FROM admins');
  const rowOf = (id: string) => {
    const numeric = numericId(id);
    return numeric === null ? undefined : (byId.get(numeric) as AdminRow | undefined);
  };
  // Read, remove and write in one transaction (better-sqlite3 runs it synchronously, and the write
  // is conditional on the list being unchanged, so another process's use of a code is not undone).
  const useCode = db.transaction((id: number, codeHash: string): boolean => {
    const row = byId.get(id) as AdminRow | undefined;
    if (!row) return false;
    const codes = JSON.parse(row.recovery_codes) as string[];
    const at = codes.indexOf(codeHash);
    if (at < 0) return false;
    codes.splice(at, 1);
    return setCodes.run(JSON.stringify(codes), id, row.recovery_codes).changes === 1;
  });

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
      const row = rowOf(id);
      return row ? toAdmin(row) : null;
    },
    async findByUsernameWithSecret(username) {
      const row = byUsername.get(normalizeUsername(username)) as AdminRow | undefined;
      return row ? withSecret(row) : null;
    },
    async findByIdWithSecret(id) {
      const row = rowOf(id);
      return row ? withSecret(row) : null;
    },
    async setPasswordHash(id, passwordHash) {
      const numeric = numericId(id);
      if (numeric !== null) setHash.run(passwordHash, numeric);
    },
    async setTotp(id, totp) {
      const numeric = numericId(id);
      if (numeric === null) return false;
      const codes = JSON.stringify(totp?.recovery_code_hashes ?? []);
      return setTotp.run(totp?.secret ?? null, codes, numeric).changes === 1;
    },
    async useTotpStep(id, step) {
      const numeric = numericId(id);
      return numeric !== null && useStep.run(step, numeric, step).changes === 1;
    },
    async useRecoveryCode(id, codeHash) {
      const numeric = numericId(id);
      return numeric !== null && useCode(numeric, codeHash);
    },
    async count() {
      return (count.get() as { n: number }).n;
    },
  };
}
