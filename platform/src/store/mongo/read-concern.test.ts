import mongoose, { type Query } from 'mongoose';
import { createMongoAgents } from './agents';
import { createMongoChanges } from './changes';
import { registerModels } from './models';

// What the indexer reads is read with read concern "majority" (changes.ts): no MongoDB server runs
// here, so the queries are caught as mongoose is about to send them and their options are read.
// That they then behave as MongoDB documents is the real server's part (npm run test:contract).

const sent: Array<{ collection: string; op: string; readConcern: unknown }> = [];

beforeAll(() => {
  jest.spyOn(mongoose.Query.prototype, 'exec').mockImplementation(function (this: Query<unknown, unknown>) {
    // The operation mongoose would send (find, findOne…), an untyped field of the query.
    const op = (this as unknown as { op?: string }).op ?? '';
    sent.push({
      collection: this.model.collection.collectionName,
      op,
      readConcern: this.getOptions().readConcern,
    });
    return Promise.resolve(op === 'findOne' ? null : []);
  });
});
afterAll(() => jest.restoreAllMocks());
beforeEach(() => {
  sent.length = 0;
});

const conn = mongoose.createConnection();
const models = registerModels(conn);

describe("the indexer's reads on MongoDB", () => {
  it('read the change log and its head with read concern majority', async () => {
    const changes = createMongoChanges(models);
    await changes.since(0, 100);
    await changes.head();
    expect(sent).toEqual([
      { collection: 'agent_changes', op: 'find', readConcern: { level: 'majority' } },
      { collection: 'counters', op: 'findOne', readConcern: { level: 'majority' } },
    ]);
  });

  it('read the agents a batch or a rebuild copies into the index with read concern majority', async () => {
    const agents = createMongoAgents(conn, models);
    await agents.getMany(['0123456789abcdef01234567']);
    for await (const _batch of agents.scan(100)) break;
    expect(sent).toEqual([
      { collection: 'agents', op: 'find', readConcern: { level: 'majority' } },
      { collection: 'agents', op: 'find', readConcern: { level: 'majority' } },
    ]);
  });

  it('leave the API’s own reads at the default read concern', async () => {
    await createMongoAgents(conn, models).get('0123456789abcdef01234567');
    expect(sent).toEqual([{ collection: 'agents', op: 'findOne', readConcern: undefined }]);
  });
});
