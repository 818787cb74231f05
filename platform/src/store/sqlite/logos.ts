import type { LogoType } from '@agentry/domain/logo-image';
import type Database from 'better-sqlite3';
import { type AgentLogo, LOGO_BATCH_MAX, type LogoRepository, type LogoSource } from '../port/logos';

// Logos in two tables (migration 19): the pictures by hash, and each agent's choice. A change and
// the deletion of the picture it leaves unused are one transaction.

interface LogoRow {
  hash: string;
  content_type: string;
  bytes: Buffer;
}

export function createSqliteLogos(db: Database.Database): LogoRepository {
  const byHash = db.prepare('SELECT hash, content_type, bytes FROM logos WHERE hash = ?');
  const ofAgent = db.prepare('SELECT agent_id, hash, source, updated_at FROM agent_logos WHERE agent_id = ?');
  const ofAgents = db.prepare(
    'SELECT agent_id, hash, source, updated_at FROM agent_logos WHERE agent_id IN (SELECT value FROM json_each(?))',
  );
  const addPicture = db.prepare(
    'INSERT OR IGNORE INTO logos (hash, content_type, bytes) VALUES (@hash, @content_type, @bytes)',
  );
  const choose = db.prepare(
    'INSERT OR REPLACE INTO agent_logos (agent_id, hash, source, updated_at) VALUES (@agent_id, @hash, @source, @updated_at)',
  );
  const unchoose = db.prepare('DELETE FROM agent_logos WHERE agent_id = ?');
  const dropUnused = db.prepare(
    'DELETE FROM logos WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM agent_logos WHERE hash = ?)',
  );

  const setTx = db.transaction(
    (
      agentId: string,
      logo: { hash: string; content_type: string; bytes: Uint8Array; source: LogoSource; at: string },
    ) => {
      const current = ofAgent.get(agentId) as AgentLogo | undefined;
      if (current?.source === 'upload' && logo.source === 'site') return false;
      const chosen = { agent_id: agentId, hash: logo.hash, source: logo.source, updated_at: logo.at };
      if (current?.hash === logo.hash && current.source === logo.source) {
        choose.run(chosen);
        return false;
      }
      addPicture.run({ hash: logo.hash, content_type: logo.content_type, bytes: Buffer.from(logo.bytes) });
      choose.run(chosen);
      if (current && current.hash !== logo.hash) dropUnused.run(current.hash, current.hash);
      return current?.hash !== logo.hash;
    },
  );
  const clearTx = db.transaction((agentId: string, source?: LogoSource) => {
    const current = ofAgent.get(agentId) as AgentLogo | undefined;
    if (!current || (source && current.source !== source)) return false;
    unchoose.run(agentId);
    dropUnused.run(current.hash, current.hash);
    return true;
  });

  return {
    async get(hash) {
      const row = byHash.get(String(hash)) as LogoRow | undefined;
      return row
        ? { hash: row.hash, content_type: row.content_type as LogoType, bytes: new Uint8Array(row.bytes) }
        : null;
    },
    async logosOf(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, LOGO_BATCH_MAX);
      if (ids.length === 0) return [];
      return ofAgents.all(JSON.stringify(ids)) as AgentLogo[];
    },
    async set(agentId, logo) {
      return setTx(String(agentId), logo);
    },
    async clear(agentId, source) {
      return clearTx(String(agentId), source);
    },
  };
}
