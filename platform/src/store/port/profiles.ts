import type { AgentProfile } from '@agentry/domain/agent-profile';

// The store's part for structured agent profiles (issue 28): one profile per agent, kept apart
// from the agent record so the spec's fields and their change log stay as they are. Both adapters
// implement it; contract/profiles.ts holds them to it. The profile is validated before it gets
// here (domain/agent-profile.ts); the store keeps it whole.

/** The most profiles getMany() reads at once. */
export const PROFILE_BATCH_MAX = 1000;

export interface StoredAgentProfile {
  agent_id: string;
  profile: AgentProfile;
  updated_at: string;
}

export interface AgentProfileRepository {
  /** The agent's profile, or null when none was ever saved. */
  get(agentId: string): Promise<StoredAgentProfile | null>;
  /** The profiles of these agents that exist (the first PROFILE_BATCH_MAX distinct ids), in no particular order. */
  getMany(agentIds: string[]): Promise<StoredAgentProfile[]>;
  /** Inserts or replaces the agent's profile; sets updated_at. */
  save(agentId: string, profile: AgentProfile): Promise<StoredAgentProfile>;
}
