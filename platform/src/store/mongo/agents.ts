import type { Connection } from 'mongoose';
import type { AgentRepository } from '../port';
import { mongoAgentClaims } from './agent-claims';
import { mongoAgentProviders } from './agent-providers';
import { mongoAgentReads } from './agent-reads';
import { mongoAgentWrites } from './agent-writes';
import type { MongoModels } from './models';

// The agent repository on MongoDB, by what each part does: reads (agent-reads.ts), writes in a
// transaction with their change-log entries (agent-writes.ts), claims of unowned agents
// (agent-claims.ts), providers' spellings counted and moved (agent-providers.ts); the document's
// shape and the shared filters in agent-docs.ts.

export function createMongoAgents(conn: Connection, models: MongoModels): AgentRepository {
  return {
    ...mongoAgentReads(models),
    ...mongoAgentWrites(conn, models),
    ...mongoAgentClaims(conn, models),
    ...mongoAgentProviders(conn, models),
  };
}
