import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { withDatabase } from '../store/mongo/with-database';
import { describeRateLimitStoreContract } from './contract';
import { openMongoRateLimits } from './mongo-rate-limits';

// Runs the rate-limit store contract against a real MongoDB when MONGODB_URI is set (docker-compose
// up); each test gets a database of its own, dropped afterwards.

const uri = process.env.MONGODB_URI;

if (uri) {
  jest.setTimeout(30_000);
  describeRateLimitStoreContract('MongoDB (two connections)', async (now) => {
    const testUri = withDatabase(uri, `agentry_rate_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    const first = await mongoose.createConnection(testUri).asPromise();
    const second = await mongoose.createConnection(testUri).asPromise();
    return {
      store: await openMongoRateLimits(first, now),
      other: await openMongoRateLimits(second, now),
      async close() {
        await first.dropDatabase();
        await first.close();
        await second.close();
      },
    };
  });
} else {
  describe.skip('Rate-limit store contract: MongoDB (set MONGODB_URI to run)', () => {
    it('needs a MongoDB server', () => {});
  });
}
