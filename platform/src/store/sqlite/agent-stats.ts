import type Database from 'better-sqlite3';
import {
  AGENT_EVENT_KINDS,
  type AgentStatsRepository,
  type AgentWeekCounts,
  STATS_AGENTS_MAX,
} from '../port';
import { createSqliteOnceCounts } from './agent-stats-once';

export function createSqliteAgentStats(db: Database.Database): AgentStatsRepository {
  // One statement per kind: the column is named in the SQL, never taken from the caller.
  const add = Object.fromEntries(
    AGENT_EVENT_KINDS.map((kind) => [
      kind,
      db.prepare(
        `INSERT INTO agent_stats (agent_id, week, ${kind}) VALUES (?, ?, ?)
         ON CONFLICT (agent_id, week) DO UPDATE SET ${kind} = ${kind} + excluded.${kind}`,
      ),
    ]),
  );
  const incrementTx = db.transaction((entries: Parameters<AgentStatsRepository['increment']>[0]) => {
    for (const { agent_id, week, kind, count } of entries) add[kind]!.run(agent_id, week, count);
  });
  const top = {
    compared: db.prepare(
      'SELECT agent_id, compared AS count FROM agent_stats WHERE week = ? AND compared > 0 ORDER BY compared DESC, agent_id LIMIT ?',
    ),
    opened: db.prepare(
      'SELECT agent_id, opened AS count FROM agent_stats WHERE week = ? AND opened > 0 ORDER BY opened DESC, agent_id LIMIT ?',
    ),
  };
  return {
    ...createSqliteOnceCounts(db, (agentId, week, kind, count) => add[kind]!.run(agentId, week, count)),
    async top(week, kind, limit) {
      return top[kind].all(week, Math.max(0, Math.min(limit, STATS_AGENTS_MAX))) as Array<{
        agent_id: string;
        count: number;
      }>;
    },
    async increment(entries) {
      if (entries.length > 0) incrementTx(entries);
    },
    async forAgents(agentIds, sinceWeek) {
      const ids = agentIds.slice(0, STATS_AGENTS_MAX);
      if (ids.length === 0) return [];
      return db
        .prepare(
          `SELECT agent_id, week, ${AGENT_EVENT_KINDS.join(', ')} FROM agent_stats
           WHERE week >= ? AND agent_id IN (${ids.map(() => '?').join(', ')}) ORDER BY agent_id, week`,
        )
        .all(sinceWeek, ...ids) as AgentWeekCounts[];
    },
  };
}
