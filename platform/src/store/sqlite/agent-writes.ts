import type { Agent } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import { deriveAgentFields, newAgentColumns, patchKeys, settleHold } from '../agent-record';
import {
  type AgentCreate,
  type AgentPatch,
  type AgentRepository,
  DuplicateAgentError,
  type ImportOutcome,
} from '../port';
import {
  type AgentRow,
  type AgentStatements,
  isUniqueViolation,
  rowId,
  toAgent,
  WRITTEN,
} from './agent-rows';

// Agent writes, each in one transaction with its change-log entries: a new agent, an import (a row
// whose identity exists is skipped), an edit, a touch.

/** The writes of the agent repository. */
export type SqliteAgentWrites = Pick<AgentRepository, 'create' | 'importMany' | 'update' | 'touch'>;

export function sqliteAgentWrites(
  db: Database.Database,
  { byId, changeFor }: AgentStatements,
): SqliteAgentWrites {
  const insert = db.prepare(
    `INSERT INTO agents (${WRITTEN.join(', ')}) VALUES (${WRITTEN.map((column) => `@${column}`).join(', ')})`,
  );
  // A row whose identity key exists is skipped, not failed: re-importing a file adds nothing twice.
  const insertIfNew = db.prepare(insert.source.replace('INSERT INTO', 'INSERT OR IGNORE INTO'));
  const update = db.prepare(
    `UPDATE agents SET ${WRITTEN.filter((column) => column !== 'created_at')
      .map((column) => `${column} = @${column}`)
      .join(', ')}
     WHERE id = @id`,
  );

  const createTx = db.transaction((input: AgentCreate) => {
    const now = new Date().toISOString();
    const columns = newAgentColumns(input, now);
    const { lastInsertRowid } = insert.run({ ...columns, removed: columns.removed ? 1 : 0 });
    changeFor(lastInsertRowid, columns.removed ? 'delete' : 'upsert', now);
    return byId.get(lastInsertRowid) as AgentRow;
  });

  const touch = db.prepare('UPDATE agents SET updated_at = @now WHERE id = @id RETURNING id, removed');
  const touchTx = db.transaction((ids: number[]) => {
    const now = new Date().toISOString();
    let touched = 0;
    for (const id of ids) {
      const row = touch.get({ id, now }) as { id: number; removed: number } | undefined;
      if (!row) continue;
      changeFor(row.id, row.removed === 1 ? 'delete' : 'upsert', now);
      touched += 1;
    }
    return touched;
  });

  const importTx = db.transaction((inputs: AgentCreate[]): ImportOutcome => {
    const now = new Date().toISOString();
    const outcome: ImportOutcome = { added: 0, duplicates: [] };
    inputs.forEach((input, index) => {
      const columns = newAgentColumns(input, now);
      const result = insertIfNew.run({ ...columns, removed: columns.removed ? 1 : 0 });
      if (result.changes === 0) {
        outcome.duplicates.push({ index, name: input.name, provider: input.provider });
        return;
      }
      outcome.added += 1;
      changeFor(result.lastInsertRowid, 'upsert', now);
    });
    return outcome;
  });

  const updateTx = db.transaction((id: number, patch: AgentPatch) => {
    const current = byId.get(id) as AgentRow | undefined;
    if (!current) return null;
    const keys = patchKeys(patch);
    if (keys.length === 0) return current;
    const next = settleHold(
      { ...toAgent(current), ...Object.fromEntries(keys.map((key) => [key, patch[key]])) } as Agent,
      patch,
    );
    const now = new Date().toISOString();
    try {
      update.run({ ...next, ...deriveAgentFields(next), id, removed: next.removed ? 1 : 0, updated_at: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateAgentError(next.name, next.provider);
      throw error;
    }
    changeFor(id, next.removed ? 'delete' : 'upsert', now);
    return byId.get(id) as AgentRow;
  });

  return {
    async create(input) {
      try {
        return toAgent(createTx(input));
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateAgentError(input.name, input.provider);
        throw error;
      }
    },

    async importMany(inputs) {
      return importTx(inputs);
    },

    async update(id, patch) {
      const numeric = rowId(id);
      if (numeric === null) return null;
      const row = updateTx(numeric, patch);
      return row ? toAgent(row) : null;
    },

    async touch(ids) {
      const numeric = [...new Set(ids.map(rowId).filter((id): id is number => id !== null))].slice(0, 1000);
      return numeric.length === 0 ? 0 : touchTx(numeric);
    },
  };
}
