import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describeStoreContract } from '../contract';
import type { Store } from '../port';
import { openMongoStore } from './mongo-store';

// Runs the store contract against a real MongoDB replica set (transactions need one), e.g.
// MONGODB_URI=mongodb://localhost:27017/agentry?replicaSet=rs0 with docker-compose up. Each test
// gets a database of its own, dropped when the test closes the store.

const uri = process.env.MONGODB_URI;

/**
 * The same server and options with another database (the path between the hosts and the query).
 * With credentials and no authSource, the driver authenticates against the URI's database, so
 * that stays the authSource.
 */
function withDatabase(base: string, name: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/([^/?]*))(?:\/([^?]*))?(?:\?(.*))?$/.exec(base);
  if (!match) throw new Error('MONGODB_URI is not a mongodb:// or mongodb+srv:// URI');
  const [, prefix, authority, database, query] = match;
  const keepAuthSource = authority!.includes('@') && !/(^|&)authSource=/i.test(query ?? '');
  const search = [query, keepAuthSource ? `authSource=${database || 'admin'}` : ''].filter(Boolean).join('&');
  return `${prefix}/${name}${search ? `?${search}` : ''}`;
}

async function openFresh(base: string): Promise<Store> {
  const testUri = withDatabase(base, `agentry_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  const store = await openMongoStore(testUri);
  return {
    ...store,
    async close() {
      const admin = mongoose.createConnection(testUri);
      try {
        await admin.asPromise();
        await admin.dropDatabase();
      } finally {
        await admin.close();
        await store.close();
      }
    },
  };
}

if (uri) {
  // Opening syncs indexes and every write is a transaction: slower than the in-memory SQLite run.
  jest.setTimeout(30_000);
  describeStoreContract('MongoDB', () => openFresh(uri));
} else {
  describe.skip('Store contract: MongoDB (set MONGODB_URI to run)', () => {
    it('needs a MongoDB replica set', () => {});
  });
}
