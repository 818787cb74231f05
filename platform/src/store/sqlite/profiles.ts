import type { AgentProfile } from '@agentry/domain/agent-profile';
import type Database from 'better-sqlite3';
import { type AgentProfileRepository, PROFILE_BATCH_MAX, type StoredAgentProfile } from '../port';

// Profiles as one JSON text per agent (migration 12): read whole, never queried inside.

interface Row {
  agent_id: string;
  profile: string;
  updated_at: string;
}

const toStored = (row: Row): StoredAgentProfile => ({
  agent_id: row.agent_id,
  profile: JSON.parse(row.profile) as AgentProfile,
  updated_at: row.updated_at,
});

export function createSqliteProfiles(db: Database.Database): AgentProfileRepository {
  const byId = db.prepare('SELECT agent_id, profile, updated_at FROM agent_profiles WHERE agent_id = ?');
  const byIds = db.prepare(
    'SELECT agent_id, profile, updated_at FROM agent_profiles WHERE agent_id IN (SELECT value FROM json_each(?))',
  );
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO agent_profiles (agent_id, profile, updated_at) VALUES (@agent_id, @profile, @updated_at)',
  );
  return {
    async get(agentId) {
      const row = byId.get(String(agentId)) as Row | undefined;
      return row ? toStored(row) : null;
    },
    async getMany(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, PROFILE_BATCH_MAX);
      if (ids.length === 0) return [];
      return (byIds.all(JSON.stringify(ids)) as Row[]).map(toStored);
    },
    async save(agentId, profile) {
      const row: Row = {
        agent_id: String(agentId),
        profile: JSON.stringify(profile),
        updated_at: new Date().toISOString(),
      };
      upsert.run(row);
      return toStored(row);
    },
  };
}
