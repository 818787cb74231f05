import { agentIdentityKey } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import {
  type AgentRepository,
  PROVIDER_COUNT_MAX,
  PROVIDER_MOVE_MAX,
  type ProviderCount,
  type ProviderMoveBatch,
} from '../port';
import { type AgentStatements, rowId } from './agent-rows';

// Providers as the agents name them: counted per spelling, and an agent's provider moved to another
// spelling in bounded batches (staff merging two spellings of one provider).

/** The provider reads and moves of the agent repository. */
export type SqliteAgentProviders = Pick<AgentRepository, 'countByProvider' | 'moveProvider'>;

export function sqliteAgentProviders(
  db: Database.Database,
  { changeFor }: AgentStatements,
): SqliteAgentProviders {
  // A provider merge's batch (issue 25): the provider and identity key change, nothing else; an
  // agent whose new identity is taken by another stays where it is.
  // Prepared per batch (a merge is rare), through agents_provider (provider, then the rowid).
  const underProvider = () =>
    db.prepare(
      'SELECT id, name, removed FROM agents INDEXED BY agents_provider WHERE provider = ? AND id > ? ORDER BY id LIMIT ?',
    );
  const identityOwner = db.prepare('SELECT id FROM agents WHERE identity_key = ?');
  const setProvider = db.prepare(
    'UPDATE agents SET provider = @provider, identity_key = @identity_key, updated_at = @now WHERE id = @id',
  );
  const moveTx = db.transaction((from: string, into: string, after: number, limit: number) => {
    const now = new Date().toISOString();
    const rows = underProvider().all(from, after, limit) as Array<{
      id: number;
      name: string;
      removed: number;
    }>;
    const batch: ProviderMoveBatch = { moved: [], clashed: [], lastId: null };
    for (const row of rows) {
      const identity_key = agentIdentityKey(row.name, into);
      const owner = identityOwner.get(identity_key) as { id: number } | undefined;
      if (owner && owner.id !== row.id) {
        batch.clashed.push({ id: String(row.id), name: row.name });
        continue;
      }
      setProvider.run({ provider: into, identity_key, now, id: row.id });
      changeFor(row.id, row.removed === 1 ? 'delete' : 'upsert', now);
      batch.moved.push(String(row.id));
    }
    batch.lastId = rows.length > 0 ? String(rows[rows.length - 1]!.id) : null;
    return batch;
  });

  return {
    async countByProvider({ after, limit = PROVIDER_COUNT_MAX } = {}) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_COUNT_MAX));
      if (bounded === 0) return [];
      // GROUP BY compares exactly (BINARY), the order the keyset `after` continues in; agents_provider
      // yields it, so a page reads its own groups' index entries and never the table.
      return db
        .prepare(
          `SELECT provider, count(*) AS agents FROM agents INDEXED BY agents_provider${after === undefined ? '' : ' WHERE provider > ?'}
           GROUP BY provider ORDER BY provider LIMIT ?`,
        )
        .all(...(after === undefined ? [] : [after]), bounded) as ProviderCount[];
    },
    async moveProvider({ from, into, afterId, limit }) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_MOVE_MAX));
      const after = afterId === undefined ? 0 : rowId(afterId);
      if (bounded === 0 || after === null || from === into) return { moved: [], clashed: [], lastId: null };
      return moveTx(from, into, after, bounded);
    },
  };
}
