import type Database from 'better-sqlite3';

// Schema migrations, applied in order at start inside one transaction each; PRAGMA user_version
// records how far a database has come. Never edit a shipped migration: add a new one.

export const MIGRATIONS: string[] = [
  `
  CREATE TABLE agents (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    provider TEXT NOT NULL,
    category TEXT NOT NULL,
    role TEXT NOT NULL,
    description TEXT NOT NULL,
    cost TEXT NOT NULL,
    address TEXT NOT NULL,
    email TEXT,
    status TEXT,
    removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    owner_id TEXT,
    pricing TEXT NOT NULL,
    price_monthly REAL,
    identity_key TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX agents_listing ON agents (removed, category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE);
  CREATE INDEX agents_owner ON agents (owner_id) WHERE owner_id IS NOT NULL;

  CREATE TABLE agent_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
    at TEXT NOT NULL
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    full_name TEXT NOT NULL,
    organization TEXT NOT NULL,
    phone TEXT,
    user_type TEXT NOT NULL CHECK (user_type IN ('agent_provider', 'employer')),
    password_hash TEXT NOT NULL,
    subscription_status TEXT NOT NULL DEFAULT 'inactive',
    stripe_customer_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE sessions (
    sid TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_at);

  CREATE TABLE kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
];

export function migrate(db: Database.Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return MIGRATIONS.length;
}
