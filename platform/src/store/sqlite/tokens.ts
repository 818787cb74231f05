import type Database from 'better-sqlite3';
import { LIVE_TOKENS_MAX, type OneTimeToken, type TokenPurpose, type TokenRepository } from '../port';

interface TokenRow {
  token_hash: string;
  purpose: TokenPurpose;
  user_id: string;
  data: string | null;
  /** A JSON array of agent ids. */
  agent_ids: string;
  /** Milliseconds, so that expiry compares as a number. */
  expires_at: number;
  created_at: string;
}

const toToken = (row: TokenRow): OneTimeToken => ({
  ...row,
  agent_ids: JSON.parse(row.agent_ids) as string[],
  expires_at: new Date(row.expires_at).toISOString(),
});

const TOKEN_COLUMNS = 'token_hash, purpose, user_id, data, agent_ids, expires_at, created_at';

export function createSqliteTokens(db: Database.Database): TokenRepository {
  const insert = db.prepare(
    `INSERT INTO one_time_tokens (${TOKEN_COLUMNS})
     VALUES (@token_hash, @purpose, @user_id, @data, @agent_ids, @expires_at, @created_at)`,
  );
  // One statement deletes and returns the row: of two concurrent uses, only one gets it back.
  const take = db.prepare(
    `DELETE FROM one_time_tokens WHERE token_hash = ? AND purpose = ? RETURNING ${TOKEN_COLUMNS}`,
  );
  const revoke = db.prepare('DELETE FROM one_time_tokens WHERE user_id = ? AND purpose = ?');
  const live = db.prepare(
    `SELECT ${TOKEN_COLUMNS} FROM one_time_tokens WHERE user_id = ? AND purpose = ? AND expires_at > ?
     ORDER BY created_at DESC, rowid DESC LIMIT ${LIVE_TOKENS_MAX}`,
  );
  const purge = db.prepare('DELETE FROM one_time_tokens WHERE expires_at <= ?');
  return {
    async issue(input) {
      insert.run({
        ...input,
        data: input.data ?? null,
        agent_ids: JSON.stringify(input.agent_ids ?? []),
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
    async listLive(userId, purpose, now = new Date()) {
      return (live.all(userId, purpose, now.getTime()) as TokenRow[]).map(toToken);
    },
    async purgeExpired(now = new Date()) {
      return purge.run(now.getTime()).changes;
    },
  };
}
