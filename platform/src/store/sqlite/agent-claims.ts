import type Database from 'better-sqlite3';
import { type AgentRepository, CLAIM_AGENTS_MAX } from '../port';
import { type AgentRow, type AgentStatements, COLUMNS, rowId, toAgent } from './agent-rows';

// Agents nobody owns yet: claimed by the provider whose e-mail they carry; one held agent discarded,
// or the claims that lapsed. Each write runs in a transaction with its change-log entries, as in
// agent-writes.ts.

/** The claims of the agent repository. */
export type SqliteAgentClaims = Pick<AgentRepository, 'claimListed' | 'discardHeld' | 'discardLapsedClaims'>;

export function sqliteAgentClaims(db: Database.Database, { changeFor }: AgentStatements): SqliteAgentClaims {
  // Listed or held for a claim, never removed for another reason: a link cannot bring back what
  // its provider deleted or staff removed. A held agent is listed by its claim.
  const claim = db.prepare(
    `UPDATE agents SET owner_id = @ownerId, removed = 0, held_for = NULL, updated_at = @now
     WHERE id IN (SELECT value FROM json_each(@ids)) AND email = @email COLLATE NOCASE
       AND owner_id IS NULL AND (removed = 0 OR held_for = 'claim')
     RETURNING id`,
  );
  const discard = db.prepare(
    'DELETE FROM agents WHERE id = ? AND held_for = ? AND owner_id IS NULL RETURNING ' + COLUMNS,
  );
  const lapsed = db.prepare(
    `SELECT id FROM agents INDEXED BY agents_held
     WHERE held_for = 'claim' AND owner_id IS NULL AND created_at < ? ORDER BY created_at LIMIT ?`,
  );
  const deleteById = db.prepare('DELETE FROM agents WHERE id = ?');

  const claimTx = db.transaction((ids: number[], email: string, ownerId: string) => {
    const now = new Date().toISOString();
    const claimed = claim.all({ ids: JSON.stringify(ids), email: email.trim(), ownerId, now }) as Array<{
      id: number;
    }>;
    for (const row of claimed) changeFor(row.id, 'upsert', now);
    return claimed.map((row) => String(row.id));
  });

  const discardTx = db.transaction((id: number, hold: string) => {
    const row = discard.get(id, hold) as AgentRow | undefined;
    if (row) changeFor(id, 'delete', new Date().toISOString());
    return row;
  });

  const discardLapsedTx = db.transaction((before: string, limit: number) => {
    const now = new Date().toISOString();
    const rows = lapsed.all(before, limit) as Array<{ id: number }>;
    for (const row of rows) {
      deleteById.run(row.id);
      changeFor(row.id, 'delete', now);
    }
    return rows.length;
  });

  return {
    async claimListed({ agentIds, email, ownerId }) {
      const ids = agentIds
        .slice(0, CLAIM_AGENTS_MAX)
        .map(rowId)
        .filter((id): id is number => id !== null);
      return ids.length === 0 ? [] : claimTx(ids, email, ownerId);
    },

    async discardHeld(id, hold) {
      const numeric = rowId(id);
      const row = numeric === null ? undefined : discardTx(numeric, hold);
      return row ? toAgent(row) : null;
    },

    async discardLapsedClaims(before, limit) {
      return limit > 0 ? discardLapsedTx(before.toISOString(), Math.floor(limit)) : 0;
    },
  };
}
