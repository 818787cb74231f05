import type { Connection } from 'mongoose';
import { assertValidHit, type RateLimitHit, type RateLimitStore, type WindowCount } from './port';

// Rate-limit windows in MongoDB, shared by every API process and container: one findOneAndUpdate
// per key, an upsert whose update pipeline restarts an ended window or adds to the running one,
// atomic on the document. A TTL index on the window's end lets the server delete ended windows by
// itself (within a minute or so; an ended window still found is restarted, never added to).

interface WindowDoc {
  _id: string;
  count: number;
  reset_at: Date;
}

const COLLECTION = 'rate_limit_windows';

/**
 * The TTL index that lets the server delete ended windows: created by `npm run migrate`
 * (store/mongo/indexes.ts), not at every start. Without it nothing is miscounted (an ended window is
 * restarted, never added to); ended windows only stay.
 */
export async function ensureRateLimitIndexes(conn: Connection): Promise<void> {
  const db = conn.db;
  if (!db) throw new Error('The MongoDB connection is not open');
  await db
    .collection<WindowDoc>(COLLECTION)
    .createIndex({ reset_at: 1 }, { name: 'rate_limit_expiry', expireAfterSeconds: 0 });
}
/** Two first hits of one key at once: one insert wins, the other fails with E11000 and is tried again. */
const isDuplicateKey = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

export async function openMongoRateLimits(
  conn: Connection,
  now: () => number = Date.now,
): Promise<RateLimitStore> {
  const db = conn.db;
  if (!db) throw new Error('The MongoDB connection is not open');
  const windows = db.collection<WindowDoc>(COLLECTION);

  const hitOne = async ({ key, windowMs, by }: RateLimitHit): Promise<WindowCount> => {
    const at = now();
    const running = { $gt: ['$reset_at', new Date(at)] };
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await windows.findOneAndUpdate(
          { _id: key },
          [
            {
              // Both fields read the document as it was (one $set stage), as the SQLite UPSERT does.
              $set: {
                count: { $cond: [running, { $add: ['$count', by] }, by] },
                reset_at: { $cond: [running, '$reset_at', new Date(at + windowMs)] },
              },
            },
          ],
          { upsert: true, returnDocument: 'after' },
        );
        return { total: doc!.count, resetAt: doc!.reset_at.getTime() };
      } catch (error) {
        if (!isDuplicateKey(error) || attempt > 0) throw error;
      }
    }
  };

  const hitMany = async (hits: RateLimitHit[]) => {
    for (const hit of hits) assertValidHit(hit);
    return Promise.all(hits.map(hitOne));
  };

  return {
    hitMany,
    async hit(key, windowMs, by = 1) {
      const [count] = await hitMany([{ key, windowMs, by }]);
      return count!;
    },
    async refund(key, by = 1) {
      assertValidHit({ key, windowMs: 1, by });
      await windows.updateOne({ _id: key, reset_at: { $gt: new Date(now()) } }, [
        { $set: { count: { $max: [0, { $subtract: ['$count', by] }] } } },
      ]);
    },
  };
}
