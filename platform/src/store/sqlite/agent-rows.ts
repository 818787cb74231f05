import type { Agent, Pricing } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import { AGENT_RECORD_FIELDS } from '../agent-record';
import type { AgentFilter, ChangeOp } from '../port';

// An agent as a SQLite row, and what the agent reads and writes share: the columns, the list
// filter and order, the id's form, the unique-key error, one agent by id and the change-log entry.

/** A row as SQLite gives it back: the record's fields, with an integer id and a 0/1 flag. */
export type AgentRow = Omit<Agent, 'id' | 'removed' | 'pricing'> & {
  id: number;
  removed: number;
  pricing: string;
};

export const COLUMNS = ['id', ...AGENT_RECORD_FIELDS].join(', ');
/** What a write sets: the record's fields and the identity key, which no read returns. */
export const WRITTEN = [...AGENT_RECORD_FIELDS, 'identity_key'] as const;
export const ORDER = 'ORDER BY category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE, id';

export function toAgent(row: AgentRow): Agent {
  return { ...row, id: String(row.id), removed: row.removed === 1, pricing: row.pricing as Pricing };
}

/** The WHERE clause shared by list() and count(). */
/**
 * The WHERE clause of a filter, and the index to read when the filter names one owner or one
 * e-mail. Without the hint SQLite walks agents_listing to get the ORDER BY for free and tests every
 * listed agent for the owner: 120 ms at 100,000 agents for a provider's dashboard (seen by the load
 * benchmark as a third of the API's CPU). agents_owner_listing (migration 22) holds an owner's
 * agents in the listing's order, so a page of a provider's listed agents reads only its own rows.
 */
export function filterClause(options: AgentFilter): { clause: string; params: unknown[]; from: string } {
  const where: string[] = [];
  const params: unknown[] = [];
  // Held agents are removed: asking for them asks for removed ones.
  if (!options.includeRemoved && options.heldFor === undefined) where.push('removed = 0');
  if (options.heldFor !== undefined) {
    where.push('held_for = ?');
    params.push(options.heldFor);
  }
  if (options.category !== undefined) {
    where.push('category = ? COLLATE NOCASE');
    params.push(options.category);
  }
  if (options.role !== undefined) {
    where.push('role = ? COLLATE NOCASE');
    params.push(options.role);
  }
  if (options.ownerId !== undefined) {
    where.push('owner_id = ?');
    params.push(options.ownerId);
  }
  if (options.email !== undefined) {
    where.push('email = ? COLLATE NOCASE');
    params.push(options.email.trim());
  }
  if (options.unowned) where.push('owner_id IS NULL');
  if (options.nameContains !== undefined) {
    // LIKE folds ASCII case, as the listing's NOCASE does; the escape makes % and _ literal.
    where.push("name LIKE ? ESCAPE '\\'");
    params.push(`%${options.nameContains.replace(/[\\%_]/g, '\\$&')}%`);
  }
  const from =
    options.ownerId !== undefined
      ? 'agents INDEXED BY agents_owner_listing'
      : options.email !== undefined
        ? 'agents INDEXED BY agents_email'
        : 'agents';
  return { clause: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params, from };
}

/** SQLite ids are integers; anything else names no agent. */
export function rowId(id: string): number | null {
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
}

/**
 * Checks the code, not `instanceof Error`: better-sqlite3's native side keeps the error class of
 * whichever context loaded it first, so under jest (one context per test file) instanceof lies.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** The statements the parts of the agent repository share, prepared once per connection. */
export interface AgentStatements {
  byId: Database.Statement;
  changeFor: (id: number | bigint, op: ChangeOp, at: string) => Database.RunResult;
}

export function agentStatements(db: Database.Database): AgentStatements {
  const recordChange = db.prepare('INSERT INTO agent_changes (agent_id, op, at) VALUES (?, ?, ?)');
  const byId = db.prepare(`SELECT ${COLUMNS} FROM agents WHERE id = ?`);
  const changeFor = (id: number | bigint, op: ChangeOp, at: string) => recordChange.run(String(id), op, at);
  return { byId, changeFor };
}
