import type { ToolUsageRepository } from '../port';
import type { MongoModels } from './models';

export function createMongoToolUsage({ toolUsage }: MongoModels): ToolUsageRepository {
  return {
    async increment(entries) {
      if (entries.length === 0) return;
      // One bulk write for the whole batch: an upsert with $inc per tool and week.
      await toolUsage.bulkWrite(
        entries.map(({ week, tool, calls }) => ({
          updateOne: {
            filter: { _id: `${week}:${tool}` },
            update: { $inc: { calls }, $setOnInsert: { week, tool } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },
    async since(sinceWeek) {
      const docs = await toolUsage
        .find({ week: { $gte: String(sinceWeek) } })
        .sort({ week: 1, tool: 1 })
        .lean();
      return docs.map((doc) => ({ tool: doc.tool, week: doc.week, calls: doc.calls ?? 0 }));
    },
  };
}
