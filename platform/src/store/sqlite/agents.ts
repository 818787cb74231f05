import type Database from 'better-sqlite3';
import type { AgentRepository } from '../port';
import { sqliteAgentClaims } from './agent-claims';
import { sqliteAgentProviders } from './agent-providers';
import { type PlainMatching, sqliteAgentReads } from './agent-reads';
import { agentStatements } from './agent-rows';
import { sqliteAgentWrites } from './agent-writes';

// The agent repository on SQLite, by what each part does, as on MongoDB (mongo/agents.ts): reads
// (agent-reads.ts), writes in a transaction with their change-log entries (agent-writes.ts), claims
// of unowned agents (agent-claims.ts), providers' spellings counted and moved (agent-providers.ts);
// the row's shape, the shared filter and the statements every part uses in agent-rows.ts.

/** `plainMatching`: where searchBasic runs (off this thread for a file-based store); here when absent. */
export function createSqliteAgents(db: Database.Database, plainMatching?: PlainMatching): AgentRepository {
  const shared = agentStatements(db);
  return {
    ...sqliteAgentReads(db, shared, plainMatching),
    ...sqliteAgentWrites(db, shared),
    ...sqliteAgentClaims(db, shared),
    ...sqliteAgentProviders(db, shared),
  };
}
