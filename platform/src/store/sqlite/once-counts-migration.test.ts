import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { AGENT_EVENT_KINDS, type AgentEventKind, type OnceGroup } from '../port';
import { createSqliteAgentStats } from './agent-stats';
import { MIGRATIONS, migrate, onceCountsPerAudience } from './migrations';

// onceCountsPerAudience (migration 21) moves provider analytics' "once a day" from one row per counted agent
// (agent_stats_once) to one row per audience, kind and day (agent_stats_seen). It starts here from
// a database at the version before it holding rows exactly as the previous version wrote them
// (server/src/analytics/once-keys.ts before this change: a tally named by 22 characters of a
// SHA-256, each key its tally's first 6 characters and characters 6–21 of its own SHA-256), and
// checks that every count survives and that nobody counts again what they counted before.

/** The version just before this migration, wherever it sits in the list. */
const VERSION_BEFORE = MIGRATIONS.indexOf(onceCountsPerAudience);
const WEEK = '2026-11-16';
const EXPIRES = Date.parse('2026-11-18T00:00:00Z');

/** One audience on one day, as the previous and the new version name its counts. */
function audience() {
  const day = randomBytes(32);
  const own = (kind: AgentEventKind, agentId: string) =>
    createHash('sha256').update(day).update(`k\u0000${kind}\u0000${agentId}`).digest();
  const tally = (kind: AgentEventKind) =>
    createHash('sha256').update(day).update(`t\u0000${kind}`).digest('base64url').slice(0, 22);
  return {
    tally,
    /** The previous version's key of this agent's count. */
    legacyKey: (kind: AgentEventKind, agentId: string) =>
      tally(kind).slice(0, 6) + own(kind, agentId).toString('base64url').slice(6, 22),
    /** The new version's digest (analytics/once-keys.ts' digest()). */
    digest: (kind: AgentEventKind, agentId: string) => own(kind, agentId).toString('hex', 6, 14),
  };
}
type Audience = ReturnType<typeof audience>;

/** Writes what the previous version wrote when `who` counted `agents` for `kind`: keys, tally, counts. */
function countBefore(db: Database.Database, who: Audience, kind: AgentEventKind, agents: string[]) {
  const remember = db.prepare('INSERT INTO agent_stats_once (key, n, expires_at) VALUES (?, ?, ?)');
  for (const agent of agents) remember.run(who.legacyKey(kind, agent), 1, EXPIRES);
  remember.run(who.tally(kind), agents.length, EXPIRES);
  const add = db.prepare(
    `INSERT INTO agent_stats (agent_id, week, ${kind}) VALUES (?, ?, 1)
     ON CONFLICT (agent_id, week) DO UPDATE SET ${kind} = ${kind} + 1`,
  );
  for (const agent of agents) add.run(agent, WEEK);
}

const groupOf = (who: Audience, kind: AgentEventKind, agents: string[], cap = 1000): OnceGroup => ({
  tally: who.tally(kind),
  kind,
  week: WEEK,
  cap,
  expires_at: EXPIRES,
  agents: agents.map((agent_id) => ({ agent_id, digest: who.digest(kind, agent_id) })),
});

const allCounts = (db: Database.Database) =>
  db
    .prepare(
      `SELECT agent_id, week, ${AGENT_EVENT_KINDS.join(', ')} FROM agent_stats ORDER BY agent_id, week`,
    )
    .all();

describe('SQLite migration onceCountsPerAudience: once-a-day rows per agent become one row per audience, kind and day', () => {
  it('keeps every count and every tally, so nobody counts again what they counted before the upgrade', async () => {
    const db = new Database(':memory:');
    try {
      migrate(db, VERSION_BEFORE);
      const [searcher, clicker, capped, other] = [audience(), audience(), audience(), audience()];
      const seen = Array.from({ length: 40 }, (_, i) => `a${i}`);
      countBefore(db, searcher, 'appeared', seen);
      countBefore(db, searcher, 'opened', ['a1', 'a2']);
      // One agent: the tally and its key look alike (both n = 1).
      countBefore(db, clicker, 'clicked', ['a7']);
      countBefore(db, capped, 'clicked', ['a1', 'a2', 'a3']);
      db.prepare(
        `INSERT INTO agent_stats (agent_id, week, compared) VALUES ('a1', '2026-11-09', 4)
         ON CONFLICT (agent_id, week) DO UPDATE SET compared = compared + 4`,
      ).run();
      const before = allCounts(db);
      const oldRows = (db.prepare('SELECT count(*) AS n FROM agent_stats_once').get() as { n: number }).n;
      expect(oldRows).toBe(40 + 1 + 2 + 1 + 1 + 1 + 3 + 1);

      migrate(db);

      expect(allCounts(db)).toEqual(before);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'agent_stats_once'").all()).toEqual([]);
      const stats = createSqliteAgentStats(db);
      // What each audience counted before counts no more; what it had not counted does.
      expect(await stats.countOnce([groupOf(searcher, 'appeared', seen)])).toBe(0);
      expect(await stats.countOnce([groupOf(searcher, 'appeared', ['a1', 'a40'])])).toBe(1);
      expect(await stats.countOnce([groupOf(searcher, 'opened', ['a1', 'a2', 'a3'])])).toBe(1);
      expect(await stats.countOnce([groupOf(clicker, 'clicked', ['a7'])])).toBe(0);
      expect(await stats.countOnce([groupOf(clicker, 'clicked', ['a8'])])).toBe(1);
      // The tally's count came along: a cap of 3 is already reached.
      expect(await stats.countOnce([groupOf(capped, 'clicked', ['a4'], 3)])).toBe(0);
      expect(await stats.countOnce([groupOf(capped, 'clicked', ['a4'], 4)])).toBe(1);
      // An audience the old rows never saw starts from nothing.
      expect(await stats.countOnce([groupOf(other, 'appeared', ['a1', 'a2'])])).toBe(2);
      expect(await stats.forAgents(['a1', 'a40'], WEEK)).toEqual([
        { agent_id: 'a1', week: WEEK, appeared: 2, opened: 1, clicked: 1, compared: 0, contacted: 0 },
        { agent_id: 'a40', week: WEEK, appeared: 1, opened: 0, clicked: 0, compared: 0, contacted: 0 },
      ]);
      // One row per tally (the one-agent tally twice: both readings of its pair), forgotten with the day.
      expect(await stats.purgeOnce(new Date(EXPIRES + 1), 100)).toBe(6);
    } finally {
      db.close();
    }
  });

  it('carries more rows than one page of the conversion reads, in key order', async () => {
    const db = new Database(':memory:');
    try {
      migrate(db, VERSION_BEFORE);
      const visitors = Array.from({ length: 600 }, () => audience());
      for (const who of visitors)
        countBefore(
          db,
          who,
          'appeared',
          Array.from({ length: 12 }, (_, i) => `a${i}`),
        );
      const before = allCounts(db);
      migrate(db);
      expect(allCounts(db)).toEqual(before);
      const stats = createSqliteAgentStats(db);
      let again = 0;
      for (const who of visitors) again += await stats.countOnce([groupOf(who, 'appeared', ['a0', 'a11'])]);
      expect(again).toBe(0);
      expect(await stats.purgeOnce(new Date(EXPIRES + 1), 10_000)).toBe(600);
    } finally {
      db.close();
    }
  });
});
