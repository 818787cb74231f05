import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Store } from '../port';
import { createSqliteAdmins } from './admins';
import { createSqliteAgents } from './agents';
import { createSqliteAudit } from './audit';
import { createSqliteBilling } from './billing';
import { createSqliteChanges } from './changes';
import { migrate } from './migrations';
import { createSqliteKv, createSqliteSessions } from './sessions';
import { createSqliteTokens } from './tokens';
import { createSqliteUsers } from './users';

/**
 * The embedded store: one SQLite file in DATA_DIR (or ':memory:' for tests), WAL so that the API,
 * the indexer and the CLI can share it, migrations applied on open.
 */
export function openSqliteStore(file: string): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Another process (indexer, import) may hold the write lock briefly; wait rather than fail.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return {
    kind: 'sqlite',
    agents: createSqliteAgents(db),
    changes: createSqliteChanges(db),
    users: createSqliteUsers(db),
    sessions: createSqliteSessions(db),
    tokens: createSqliteTokens(db),
    billing: createSqliteBilling(db),
    kv: createSqliteKv(db),
    admins: createSqliteAdmins(db),
    audit: createSqliteAudit(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
