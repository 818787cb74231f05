import type Database from 'better-sqlite3';
import { API_KEYS_PER_EMPLOYER_MAX, type ApiKey, ApiKeyLimitError, type ApiKeyRepository } from '../port';

const COLUMNS = 'id, user_id, name, prefix, created_at, last_used_at';
type ApiKeyRow = Omit<ApiKey, 'id'> & { id: number };

const toApiKey = (row: ApiKeyRow): ApiKey => ({ ...row, id: String(row.id) });
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

export function createSqliteApiKeys(db: Database.Database): ApiKeyRepository {
  const countForUser = db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?');
  const insert = db.prepare(
    `INSERT INTO api_keys (user_id, name, prefix, token_hash, created_at)
     VALUES (@user_id, @name, @prefix, @token_hash, @now) RETURNING ${COLUMNS}`,
  );
  const forUser = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = ? ORDER BY id DESC LIMIT ?`);
  const byHash = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE token_hash = ?`);
  const remove = db.prepare('DELETE FROM api_keys WHERE id = ? AND user_id = ?');
  const touch = db.prepare(
    'UPDATE api_keys SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at < @at)',
  );
  // Counted and inserted in one write transaction: two creations at once cannot both pass the limit.
  const createTx = db.transaction((input: Parameters<ApiKeyRepository['create']>[0], max: number) => {
    if ((countForUser.get(input.user_id) as { n: number }).n >= max) throw new ApiKeyLimitError(max);
    const { user_id, name, prefix, token_hash } = input;
    return insert.get({ user_id, name, prefix, token_hash, now: new Date().toISOString() }) as ApiKeyRow;
  });
  const touchTx = db.transaction((entries: Array<{ id: number; at: string }>) => {
    for (const entry of entries) touch.run(entry);
  });

  return {
    async create(input, max) {
      return toApiKey(createTx.immediate(input, max));
    },
    async listForUser(userId) {
      return (forUser.all(userId, API_KEYS_PER_EMPLOYER_MAX) as ApiKeyRow[]).map(toApiKey);
    },
    async findByHash(tokenHash) {
      const row = byHash.get(tokenHash) as ApiKeyRow | undefined;
      return row ? toApiKey(row) : null;
    },
    async revoke(id, userId) {
      const numeric = numericId(id);
      return numeric === null ? false : remove.run(numeric, userId).changes === 1;
    },
    async touch(entries) {
      const valid = entries.flatMap(({ id, at }) => {
        const numeric = numericId(id);
        return numeric === null ? [] : [{ id: numeric, at }];
      });
      if (valid.length > 0) touchTx(valid);
    },
  };
}
