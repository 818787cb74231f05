import type Database from 'better-sqlite3';
import {
  type ChangedAgent,
  SAVED_SEARCH_BATCH_MAX,
  SavedSearchLimitError,
  type SavedSearchRecord,
  type SavedSearchRepository,
} from '../port';

// Saved searches in one table, the search itself as JSON text (validated before it gets here).

type Row = Omit<SavedSearchRecord, 'id' | 'search'> & { id: number; search: string };

const toRecord = (row: Row): SavedSearchRecord => ({
  ...row,
  id: String(row.id),
  search: JSON.parse(row.search) as SavedSearchRecord['search'],
});
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);
const bounded = (limit: number) => Math.max(0, Math.min(Math.trunc(limit), SAVED_SEARCH_BATCH_MAX));

export function createSqliteSavedSearches(db: Database.Database): SavedSearchRepository {
  const countForOwner = db.prepare('SELECT COUNT(*) AS n FROM saved_searches WHERE owner_id = ?');
  const insert = db.prepare(
    `INSERT INTO saved_searches
       (owner_id, created_by, name, search, alert, last_digest_at, next_digest_at, created_at, updated_at)
     VALUES (@owner_id, @created_by, @name, @search, @alert, @last_digest_at, @next_digest_at, @now, @now) RETURNING *`,
  );
  const forOwner = db.prepare('SELECT * FROM saved_searches WHERE owner_id = ? ORDER BY id DESC LIMIT ?');
  const mine = db.prepare('SELECT * FROM saved_searches WHERE id = ? AND owner_id = ?');
  const byId = db.prepare('SELECT * FROM saved_searches WHERE id = ?');
  const remove = db.prepare('DELETE FROM saved_searches WHERE id = ? AND owner_id = ?');
  const stop = db.prepare(
    "UPDATE saved_searches SET alert = 'off', next_digest_at = NULL, updated_at = ? WHERE id = ? RETURNING *",
  );
  const due = db.prepare(
    `SELECT * FROM saved_searches
     WHERE next_digest_at IS NOT NULL AND next_digest_at <= @now AND alert != 'off' AND id > @after
     ORDER BY id LIMIT @limit`,
  );
  const countDue = db.prepare(
    `SELECT COUNT(*) AS n FROM saved_searches
     WHERE next_digest_at IS NOT NULL AND next_digest_at <= ? AND alert != 'off'`,
  );
  const claim = db.prepare(
    `UPDATE saved_searches SET last_digest_at = @digestAt, next_digest_at = @nextAt
     WHERE id = @id AND last_digest_at = @expectedLast AND alert != 'off'`,
  );
  const changed = db.prepare(
    `SELECT id, created_at, updated_at FROM agents
     WHERE removed = 0 AND updated_at > @since AND updated_at <= @until
       AND (updated_at > @afterAt OR (updated_at = @afterAt AND id > @afterId))
     ORDER BY updated_at, id LIMIT @limit`,
  );
  // Counted and inserted in one write transaction: two at once cannot both pass the limit.
  const createTx = db.transaction((input: Parameters<SavedSearchRepository['create']>[0], max: number) => {
    if ((countForOwner.get(input.owner_id) as { n: number }).n >= max) throw new SavedSearchLimitError(max);
    return insert.get({
      ...input,
      search: JSON.stringify(input.search),
      now: new Date().toISOString(),
    }) as Row;
  });
  const find = (id: string, ownerId: string) => {
    const numeric = numericId(id);
    const row = numeric === null ? undefined : (mine.get(numeric, String(ownerId)) as Row | undefined);
    return row ? toRecord(row) : null;
  };

  return {
    async create(input, max) {
      return toRecord(createTx.immediate(input, max));
    },
    async listForOwner(ownerId, limit) {
      return (forOwner.all(String(ownerId), bounded(limit)) as Row[]).map(toRecord);
    },
    async get(id, ownerId) {
      return find(id, ownerId);
    },
    async update(id, ownerId, patch) {
      const current = find(id, ownerId);
      if (!current) return null;
      const sets: string[] = ['updated_at = @now'];
      if (patch.name !== undefined) sets.push('name = @name');
      if (patch.alert !== undefined) sets.push('alert = @alert');
      if (patch.next_digest_at !== undefined) sets.push('next_digest_at = @next_digest_at');
      db.prepare(`UPDATE saved_searches SET ${sets.join(', ')} WHERE id = @id AND owner_id = @owner`).run({
        name: patch.name ?? null,
        alert: patch.alert ?? null,
        next_digest_at: patch.next_digest_at ?? null,
        now: new Date().toISOString(),
        id: Number(current.id),
        owner: String(ownerId),
      });
      return find(id, ownerId);
    },
    async delete(id, ownerId) {
      const numeric = numericId(id);
      return numeric === null ? false : remove.run(numeric, String(ownerId)).changes === 1;
    },
    async findById(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as Row | undefined);
      return row ? toRecord(row) : null;
    },
    async stopAlerts(id) {
      const numeric = numericId(id);
      const row =
        numeric === null ? undefined : (stop.get(new Date().toISOString(), numeric) as Row | undefined);
      return row ? toRecord(row) : null;
    },
    async listDue(now, limit, afterId) {
      const after = afterId === undefined ? 0 : (numericId(afterId) ?? 0);
      return (due.all({ now: now.toISOString(), after, limit: bounded(limit) }) as Row[]).map(toRecord);
    },
    async countDue(now) {
      return (countDue.get(now.toISOString()) as { n: number }).n;
    },
    async claimDigest(id, expectedLast, digestAt, nextAt) {
      const numeric = numericId(id);
      if (numeric === null) return false;
      return claim.run({ id: numeric, expectedLast, digestAt, nextAt }).changes === 1;
    },
    async changedAgents(since, until, limit, after) {
      const rows = changed.all({
        since: since.toISOString(),
        until: until.toISOString(),
        afterAt: after?.updated_at ?? '',
        afterId: after ? (numericId(after.id) ?? 0) : 0,
        limit: bounded(limit),
      }) as Array<{ id: number; created_at: string; updated_at: string }>;
      return rows.map((row): ChangedAgent => ({ ...row, id: String(row.id) }));
    },
  };
}
