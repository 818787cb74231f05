import type { AgentProfile } from '@agentry/domain/agent-profile';
import { type Connection, type Model, Schema } from 'mongoose';
import { type AgentProfileRepository, PROFILE_BATCH_MAX, type StoredAgentProfile } from '../port';

// Profiles in their own collection, one document per agent (_id: the agent's id), the profile a
// subdocument kept as validated (domain/agent-profile.ts). Found by _id only: no other index.

export interface AgentProfileDoc {
  _id: string;
  profile: AgentProfile;
  updated_at: Date;
}

const profileSchema = new Schema<AgentProfileDoc>(
  { _id: String, profile: { type: Schema.Types.Mixed, required: true }, updated_at: Date },
  { versionKey: false, minimize: false },
);

export function registerProfileModel(conn: Connection): Model<AgentProfileDoc> {
  return conn.model<AgentProfileDoc>('AgentProfile', profileSchema, 'agent_profiles');
}

const toStored = (doc: AgentProfileDoc): StoredAgentProfile => ({
  agent_id: doc._id,
  profile: doc.profile,
  updated_at: doc.updated_at.toISOString(),
});

export function createMongoProfiles(model: Model<AgentProfileDoc>): AgentProfileRepository {
  return {
    async get(agentId) {
      const doc = await model.findById(String(agentId)).lean<AgentProfileDoc>();
      return doc ? toStored(doc) : null;
    },
    async getMany(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, PROFILE_BATCH_MAX);
      if (ids.length === 0) return [];
      const docs = await model.find({ _id: { $in: ids } }).lean<AgentProfileDoc[]>();
      return docs.map(toStored);
    },
    async save(agentId, profile) {
      const doc: AgentProfileDoc = { _id: String(agentId), profile, updated_at: new Date() };
      await model.replaceOne({ _id: doc._id }, doc, { upsert: true });
      return toStored(doc);
    },
  };
}
