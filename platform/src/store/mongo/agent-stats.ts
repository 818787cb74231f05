import type { Connection } from 'mongoose';
import {
  AGENT_EVENT_KINDS,
  type AgentStatsRepository,
  type AgentWeekCounts,
  STATS_AGENTS_MAX,
} from '../port';
import { createMongoOnceCounts } from './agent-stats-once';
import type { MongoModels } from './models';

export function createMongoAgentStats(conn: Connection, models: MongoModels): AgentStatsRepository {
  const { agentStats } = models;
  return {
    ...createMongoOnceCounts(conn, models),
    async top(week, kind, limit) {
      const count = Math.max(0, Math.min(limit, STATS_AGENTS_MAX));
      if (count === 0) return [];
      const docs = await agentStats
        .find({ week: { $eq: String(week) }, [kind]: { $gt: 0 } }, { agent_id: 1, [kind]: 1 })
        .sort({ [kind]: -1, agent_id: 1 })
        .limit(count)
        .lean();
      return (docs as unknown as AgentWeekCounts[]).map((doc) => ({
        agent_id: doc.agent_id,
        count: doc[kind] ?? 0,
      }));
    },
    async increment(entries) {
      if (entries.length === 0) return;
      // One bulk write for the whole batch: an upsert with $inc per agent, week and kind.
      await agentStats.bulkWrite(
        entries.map(({ agent_id, week, kind, count }) => ({
          updateOne: {
            filter: { _id: `${agent_id}:${week}` },
            update: { $inc: { [kind]: count }, $setOnInsert: { agent_id, week } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },
    async forAgents(agentIds, sinceWeek) {
      const ids = agentIds.slice(0, STATS_AGENTS_MAX).map(String);
      if (ids.length === 0) return [];
      const docs = await agentStats
        .find({ agent_id: { $in: ids }, week: { $gte: String(sinceWeek) } })
        .sort({ agent_id: 1, week: 1 })
        .lean();
      return docs.map(
        (doc) =>
          ({
            agent_id: doc.agent_id,
            week: doc.week,
            ...Object.fromEntries(AGENT_EVENT_KINDS.map((kind) => [kind, doc[kind] ?? 0])),
          }) as AgentWeekCounts,
      );
    },
  };
}
