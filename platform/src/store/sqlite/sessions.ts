import type Database from 'better-sqlite3';
import type { KeyValueRepository, SessionRepository } from '../port';

export function createSqliteSessions(db: Database.Database): SessionRepository {
  const get = db.prepare('SELECT data FROM sessions WHERE sid = ? AND expires_at > ?');
  const set = db.prepare(
    `INSERT INTO sessions (sid, data, expires_at, user_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id`,
  );
  const touch = db.prepare('UPDATE sessions SET expires_at = ? WHERE sid = ?');
  const destroy = db.prepare('DELETE FROM sessions WHERE sid = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const destroyForUser = db.prepare('DELETE FROM sessions WHERE user_id = ? AND sid IS NOT ?');
  return {
    async get(sid) {
      const row = get.get(sid, Date.now()) as { data: string } | undefined;
      return row?.data ?? null;
    },
    async set(sid, data, expiresAt, userId = null) {
      set.run(sid, data, expiresAt.getTime(), userId);
    },
    async touch(sid, expiresAt) {
      touch.run(expiresAt.getTime(), sid);
    },
    async destroy(sid) {
      destroy.run(sid);
    },
    async destroyForUser(userId, exceptSid) {
      return destroyForUser.run(userId, exceptSid ?? null).changes;
    },
    async purgeExpired(now = new Date()) {
      return purge.run(now.getTime()).changes;
    },
  };
}

export function createSqliteKv(db: Database.Database): KeyValueRepository {
  const get = db.prepare('SELECT value FROM kv WHERE key = ?');
  const set = db.prepare(
    'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    async get(key) {
      return (get.get(key) as { value: string } | undefined)?.value ?? null;
    },
    async set(key, value) {
      set.run(key, value);
    },
  };
}
