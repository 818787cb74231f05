import type Database from 'better-sqlite3';
import type { OneTimeToken, TokenPurpose, TokenRepository } from '../port';

interface TokenRow {
  token_hash: string;
  purpose: TokenPurpose;
  user_id: string;
  data: string | null;
  /** Milliseconds, so that expiry compares as a number. */
  expires_at: number;
  created_at: string;
}

const toToken = (row: TokenRow): OneTimeToken => ({
  ...row,
  expires_at: new Date(row.expires_at).toISOString(),
});

export function createSqliteTokens(db: Database.Database): TokenRepository {
  const insert = db.prepare(
    `INSERT INTO one_time_tokens (token_hash, purpose, user_id, data, expires_at, created_at)
     VALUES (@token_hash, @purpose, @user_id, @data, @expires_at, @created_at)`,
  );
  // One statement deletes and returns the row: of two concurrent uses, only one gets it back.
  const take = db.prepare(
    `DELETE FROM one_time_tokens WHERE token_hash = ? AND purpose = ?
     RETURNING token_hash, purpose, user_id, data, expires_at, created_at`,
  );
  const revoke = db.prepare('DELETE FROM one_time_tokens WHERE user_id = ? AND purpose = ?');
  const purge = db.prepare('DELETE FROM one_time_tokens WHERE expires_at <= ?');
  return {
    async issue(input) {
      insert.run({
        ...input,
        data: input.data ?? null,
        expires_at: input.expires_at.getTime(),
        created_at: new Date().toISOString(),
      });
    },
    async consume(tokenHash, purpose, now = new Date()) {
      // An expired token is deleted all the same: it can never be used again.
      const row = take.get(tokenHash, purpose) as TokenRow | undefined;
      return row && row.expires_at > now.getTime() ? toToken(row) : null;
    },
    async revoke(userId, purpose) {
      return revoke.run(userId, purpose).changes;
    },
    async purgeExpired(now = new Date()) {
      return purge.run(now.getTime()).changes;
    },
  };
}
