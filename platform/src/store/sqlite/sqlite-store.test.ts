import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { agentInput, describeStoreContract } from '../contract';
import { createSqliteAgents } from './agents';
import { migrate } from './migrations';
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
    migrate(old, 1);
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

describe('SQLite agent reads', () => {
  /** The query plan of every SELECT the repository prepared while `run` ran, by statement. */
  async function plans(run: (agents: ReturnType<typeof createSqliteAgents>) => Promise<unknown>) {
    const db = new Database(':memory:');
    migrate(db);
    const agents = createSqliteAgents(db);
    // Statements prepared from here on: those of the calls, not those prepared once up front.
    const selects: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((source: string) => {
      if (/^\s*SELECT/i.test(source)) selects.push(source);
      return prepare(source);
    }) as typeof db.prepare;
    await run(agents);
    const explained = selects.map((source) => {
      const parameters = (source.match(/\?/g) ?? []).map(() => 1);
      const rows = prepare(`EXPLAIN QUERY PLAN ${source}`).all(...parameters) as Array<{ detail: string }>;
      return rows.map((row) => row.detail).join('; ');
    });
    db.close();
    return explained;
  }

  it('pages and counts the listing through its indexes, never scanning the table or sorting pages', async () => {
    const explained = await plans(async (agents) => {
      await agents.list({ limit: 10, offset: 20 });
      await agents.list({ category: 'Finance', limit: 10 });
      await agents.list({ category: 'Finance', role: 'Bookkeeper', limit: 10 });
      await agents.count();
      await agents.count({ category: 'Finance', role: 'Bookkeeper' });
      // The admin list: removed agents too.
      await agents.list({ includeRemoved: true, limit: 10, offset: 20 });
      await agents.list({ includeRemoved: true, category: 'Finance', limit: 10 });
    });
    expect(explained).toHaveLength(7);
    for (const plan of explained) {
      expect(plan).toMatch(
        /^(SEARCH|SCAN) agents USING (COVERING )?INDEX agents_(listing|groups|admin_listing)\b/,
      );
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  it("pages and counts one owner's listed agents through agents_owner_listing, sorting nothing (provider pages)", async () => {
    const explained = await plans(async (agents) => {
      await agents.list({ ownerId: '7', limit: 24, offset: 2400 });
      await agents.count({ ownerId: '7' });
    });
    expect(explained).toHaveLength(2);
    expect(explained[0]).toBe('SEARCH agents USING INDEX agents_owner_listing (owner_id=? AND removed=?)');
    expect(explained[1]).toBe(
      'SEARCH agents USING COVERING INDEX agents_owner_listing (owner_id=? AND removed=?)',
    );
  });

  it('groups counts on an index (sorting only the groups) and scans by rowid', async () => {
    const explained = await plans(async (agents) => {
      await agents.countBy('category');
      await agents.countBy('role', { category: 'Finance' });
      for await (const _batch of agents.scan(10));
    });
    expect(explained).toHaveLength(3);
    expect(explained[0]).toMatch(
      /^SEARCH agents USING COVERING INDEX agents_groups .*; USE TEMP B-TREE FOR ORDER BY$/,
    );
    expect(explained[1]).toMatch(/^SEARCH agents USING COVERING INDEX agents_(listing|groups) /);
    expect(explained[2]).toBe('SEARCH agents USING INTEGER PRIMARY KEY (rowid>?)');
  });

  it("counts provider spellings and finds one spelling's agents through agents_provider, never the table", async () => {
    const explained = await plans(async (agents) => {
      await agents.countByProvider();
      await agents.countByProvider({ after: 'microsoft', limit: 10 });
      await agents.moveProvider({ from: 'microsoft', into: 'microsoft.com', limit: 10 });
    });
    expect(explained).toHaveLength(3);
    expect(explained[0]).toBe('SCAN agents USING COVERING INDEX agents_provider');
    expect(explained[1]).toBe('SEARCH agents USING COVERING INDEX agents_provider (provider>?)');
    expect(explained[2]).toBe('SEARCH agents USING INDEX agents_provider (provider=? AND rowid>?)');
  });
});

describe('SQLite store while another connection writes', () => {
  it('waits for the lock without holding the event loop, then writes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-busy-'));
    const file = path.join(dir, 'agentry.db');
    const store = openSqliteStore(file);
    // Another connection (an upload's worker thread, the import CLI) holds the write lock.
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    // The lock is released by a timer on this same thread: a write that waited synchronously
    // (busy_timeout) would keep that timer from ever running and fail with SQLITE_BUSY instead.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    let committed = false;
    setTimeout(() => {
      other.exec('COMMIT');
      committed = true;
    }, 200);
    await store.kv.set('written', 'after the lock');
    clearInterval(ticker);
    expect(committed).toBe(true);
    expect(ticks).toBeGreaterThan(0);
    expect(await store.kv.get('written')).toBe('after the lock');
    other.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
