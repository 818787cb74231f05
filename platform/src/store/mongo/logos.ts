import { LOGO_TYPES, type LogoType } from '@agentry/domain/logo-image';
import { type Connection, type Model, Schema } from 'mongoose';
import { type AgentLogo, LOGO_BATCH_MAX, type LogoRepository, type LogoSource } from '../port/logos';

// Logos in two collections: `logos` (_id the picture's hash, its bytes as BinData; at most 100 kB,
// far below a document's 16 MB) and `agent_logos` (_id the agent's id), indexed by hash to find
// whether any agent still shows a picture. A change and the deletion of the picture it leaves
// unused run in one transaction, so a picture another agent took meanwhile is never deleted under it.

export interface LogoDoc {
  _id: string;
  content_type: LogoType;
  bytes: Buffer;
}

export interface AgentLogoDoc {
  _id: string;
  hash: string;
  source: LogoSource;
  updated_at: Date;
}

const logoSchema = new Schema<LogoDoc>(
  {
    _id: String,
    content_type: { type: String, enum: LOGO_TYPES, required: true },
    bytes: { type: Buffer, required: true },
  },
  { versionKey: false },
);

const agentLogoSchema = new Schema<AgentLogoDoc>(
  {
    _id: String,
    hash: { type: String, required: true },
    source: { type: String, enum: ['site', 'upload'], required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false },
);
agentLogoSchema.index({ hash: 1 });

export interface LogoModels {
  logos: Model<LogoDoc>;
  agentLogos: Model<AgentLogoDoc>;
}

export function registerLogoModels(conn: Connection): LogoModels {
  return {
    logos: conn.model<LogoDoc>('Logo', logoSchema, 'logos'),
    agentLogos: conn.model<AgentLogoDoc>('AgentLogo', agentLogoSchema, 'agent_logos'),
  };
}

const toAgentLogo = (doc: AgentLogoDoc): AgentLogo => ({
  agent_id: doc._id,
  hash: doc.hash,
  source: doc.source,
  updated_at: doc.updated_at.toISOString(),
});

export function createMongoLogos(conn: Connection, { logos, agentLogos }: LogoModels): LogoRepository {
  /** Deletes the picture when no agent shows it any more (inside the caller's transaction). */
  const dropUnused = async (hash: string, session: unknown) => {
    const shown = await agentLogos.exists({ hash }).session(session as never);
    if (!shown) await logos.deleteOne({ _id: hash }, { session: session as never });
  };
  return {
    async get(hash) {
      const doc = await logos.findById(String(hash)).lean<LogoDoc>();
      if (!doc) return null;
      // A lean read gives the driver's Binary; its buffer holds the bytes.
      const raw = doc.bytes as unknown as Buffer | { buffer: Uint8Array };
      const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer);
      return { hash: doc._id, content_type: doc.content_type, bytes: new Uint8Array(bytes) };
    },
    async logosOf(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, LOGO_BATCH_MAX);
      if (ids.length === 0) return [];
      const docs = await agentLogos.find({ _id: { $in: ids } }).lean<AgentLogoDoc[]>();
      return docs.map(toAgentLogo);
    },
    set(agentId, logo) {
      const id = String(agentId);
      return conn.transaction(async (session) => {
        const current = await agentLogos.findById(id).session(session).lean<AgentLogoDoc>();
        if (current?.source === 'upload' && logo.source === 'site') return false;
        if (current?.hash === logo.hash && current.source === logo.source) {
          await agentLogos.updateOne({ _id: id }, { $set: { updated_at: new Date(logo.at) } }, { session });
          return false;
        }
        await logos.updateOne(
          { _id: logo.hash },
          { $setOnInsert: { content_type: logo.content_type, bytes: Buffer.from(logo.bytes) } },
          { upsert: true, session },
        );
        await agentLogos.replaceOne(
          { _id: id },
          { _id: id, hash: logo.hash, source: logo.source, updated_at: new Date(logo.at) },
          { upsert: true, session },
        );
        if (current && current.hash !== logo.hash) await dropUnused(current.hash, session);
        return current?.hash !== logo.hash;
      });
    },
    clear(agentId, source) {
      const id = String(agentId);
      return conn.transaction(async (session) => {
        const current = await agentLogos.findById(id).session(session).lean<AgentLogoDoc>();
        if (!current || (source && current.source !== source)) return false;
        await agentLogos.deleteOne({ _id: id }, { session });
        await dropUnused(current.hash, session);
        return true;
      });
    },
  };
}
