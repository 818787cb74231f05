import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describeStoreContract } from '../contract';
import type { Store } from '../port';
import { migrateMongoStore } from './migrate';
import { openMongoStore } from './mongo-store';
import { withDatabase } from './with-database';

// Runs the store contract against a real MongoDB replica set (transactions need one), e.g.
// MONGODB_URI=mongodb://localhost:27017/agentry?replicaSet=rs0 with docker-compose up. Each test
// gets a database of its own, dropped when the test closes the store.

const uri = process.env.MONGODB_URI;

async function openFresh(base: string): Promise<Store> {
  const testUri = withDatabase(base, `agentry_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  // As a deploy does: migrate creates the collections and indexes, the store only checks them.
  await migrateMongoStore(testUri);
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
  // Migrating builds indexes and every write is a transaction: slower than the in-memory SQLite run.
  jest.setTimeout(30_000);
  describeStoreContract('MongoDB', () => openFresh(uri));
} else {
  describe.skip('Store contract: MongoDB (set MONGODB_URI to run)', () => {
    it('needs a MongoDB replica set', () => {});
  });
}
