import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { agentInput, describeStoreContract } from '../contract';
import { MIGRATIONS } from './migrations';
import { openSqliteStore } from './sqlite-store';

describeStoreContract('SQLite (in memory)', async () => openSqliteStore(':memory:'));

describe('SQLite store on disk', () => {
  it('keeps agents across reopen and applies migrations once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-store-'));
    const file = path.join(dir, 'nested', 'agentry.db');
    const first = openSqliteStore(file);
    const agent = await first.agents.create(agentInput());
    await first.close();
    const second = openSqliteStore(file);
    expect(await second.agents.get(agent.id)).toEqual(agent);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('brings a database of the first schema up to date, keeping its users and sessions', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-store-'));
    const file = path.join(dir, 'agentry.db');
    const old = new Database(file);
    old.exec(MIGRATIONS[0]!);
    old.pragma('user_version = 1');
    old
      .prepare(
        `INSERT INTO users (email, full_name, organization, user_type, password_hash, created_at, updated_at)
         VALUES ('ada@example.com', 'Ada', 'Engines', 'agent_provider', 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
      )
      .run();
    old
      .prepare(`INSERT INTO sessions (sid, data, expires_at) VALUES ('sid', '{}', ?)`)
      .run(Date.now() + 60_000);
    old.close();

    const store = openSqliteStore(file);
    const user = await store.users.findByEmail('ada@example.com');
    expect(user).toMatchObject({ full_name: 'Ada', email_verified_at: null, slug: null, website: null });
    expect(await store.sessions.get('sid')).toBe('{}');
    await store.users.update(user!.id, { slug: 'engines' });
    expect((await store.users.findBySlug('engines'))?.id).toBe(user!.id);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
