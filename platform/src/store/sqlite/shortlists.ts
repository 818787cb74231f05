import type Database from 'better-sqlite3';
import {
  DuplicateShortlistError,
  SHORTLIST_AGENTS_MAX,
  SHORTLISTS_PER_USER_MAX,
  type Shortlist,
  type ShortlistItem,
  type ShortlistRepository,
} from '../port';
import { isUniqueViolation } from './agent-rows';

interface ShortlistRow {
  id: number;
  user_id: string;
  name: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

export function createSqliteShortlists(db: Database.Database): ShortlistRepository {
  const insert = db.prepare(
    'INSERT INTO shortlists (user_id, name, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byId = db.prepare('SELECT * FROM shortlists WHERE id = ? AND user_id = ?');
  const forUser = db.prepare('SELECT * FROM shortlists WHERE user_id = ? ORDER BY id DESC LIMIT ?');
  const countForUser = db.prepare('SELECT COUNT(*) AS n FROM shortlists WHERE user_id = ?');
  const items = db.prepare(
    'SELECT agent_id, added_by, added_at FROM shortlist_items WHERE shortlist_id = ? ORDER BY added_seq LIMIT ?',
  );
  const rename = db.prepare('UPDATE shortlists SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?');
  const remove = db.prepare('DELETE FROM shortlists WHERE id = ? AND user_id = ?');
  const removeItems = db.prepare('DELETE FROM shortlist_items WHERE shortlist_id = ?');
  const addItem = db.prepare(
    `INSERT INTO shortlist_items (shortlist_id, agent_id, added_seq, added_by, added_at)
     SELECT @id, @agent, COALESCE(MAX(added_seq), 0) + 1, @author, @at FROM shortlist_items WHERE shortlist_id = @id
     ON CONFLICT (shortlist_id, agent_id) DO NOTHING`,
  );
  const removeItem = db.prepare('DELETE FROM shortlist_items WHERE shortlist_id = ? AND agent_id = ?');
  const touch = db.prepare('UPDATE shortlists SET updated_at = ? WHERE id = ?');

  const withItems = (row: ShortlistRow): Shortlist => {
    const listed = items.all(row.id, SHORTLIST_AGENTS_MAX) as ShortlistItem[];
    return {
      ...row,
      id: String(row.id),
      agent_ids: listed.map((item) => item.agent_id),
      items: listed.map(({ agent_id, added_by, added_at }) => ({ agent_id, added_by, added_at })),
    };
  };
  const find = (id: string, userId: string) => {
    const numeric = numericId(id);
    const row = numeric === null ? undefined : (byId.get(numeric, userId) as ShortlistRow | undefined);
    return row ? withItems(row) : null;
  };
  const deleteTx = db.transaction((id: number, userId: string) => {
    const row = byId.get(id, userId);
    if (!row) return false;
    removeItems.run(id);
    remove.run(id, userId);
    return true;
  });

  return {
    async create(userId, name, authorId = userId) {
      try {
        const now = new Date().toISOString();
        const { lastInsertRowid } = insert.run(userId, name, authorId, now, now);
        return find(String(lastInsertRowid), userId)!;
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateShortlistError(name);
        throw error;
      }
    },
    async listForUser(userId) {
      return (forUser.all(userId, SHORTLISTS_PER_USER_MAX) as ShortlistRow[]).map(withItems);
    },
    async countForUser(userId) {
      return (countForUser.get(userId) as { n: number }).n;
    },
    async get(id, userId) {
      return find(id, userId);
    },
    async rename(id, userId, name) {
      const numeric = numericId(id);
      if (numeric === null) return null;
      try {
        rename.run(name, new Date().toISOString(), numeric, userId);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateShortlistError(name);
        throw error;
      }
      return find(id, userId);
    },
    async delete(id, userId) {
      const numeric = numericId(id);
      return numeric === null ? false : deleteTx(numeric, userId);
    },
    async addAgent(id, userId, agentId, authorId = userId) {
      const list = find(id, userId);
      if (!list) return null;
      const at = new Date().toISOString();
      addItem.run({ id: Number(list.id), agent: agentId, author: authorId, at });
      touch.run(new Date().toISOString(), Number(list.id));
      return find(id, userId);
    },
    async removeAgent(id, userId, agentId) {
      const list = find(id, userId);
      if (!list) return null;
      removeItem.run(Number(list.id), agentId);
      touch.run(new Date().toISOString(), Number(list.id));
      return find(id, userId);
    },
  };
}
