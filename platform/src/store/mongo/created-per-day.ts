import type { Model } from 'mongoose';
import { dayCounts } from '../page';
import type { DayCount } from '../port';

/** Documents created at or after `since`, per UTC day. */
// biome-ignore lint/suspicious/noExplicitAny: any model whose documents carry created_at (mongoose's generics do not relate them)
export function createdPerDay(model: Model<any>) {
  return async (since: Date): Promise<DayCount[]> =>
    dayCounts(
      (
        await model.aggregate<{ _id: string; count: number }>([
          { $match: { created_at: { $gte: since } } },
          {
            $group: {
              _id: { $dateToString: { format: '%Y-%m-%d', date: '$created_at' } },
              count: { $sum: 1 },
            },
          },
        ])
      ).map((group) => ({ day: group._id, count: group.count })),
    );
}
