import type { Agent } from '@agentry/domain/agent';
import type { QueryFilter, Types } from 'mongoose';
import { AGENT_RECORD_FIELDS, newAgentColumns } from '../agent-record';
import type { AgentCreate, AgentFilter } from '../port';
import type { AgentDoc } from './models';

// An agent as a MongoDB document, and what the agent reads and writes share: the list filter, the
// case-insensitive order of the listing collation, a regular expression's escape.

/** The record's fields by the shared list; null for an optional field a document leaves out. */
export function toAgent(doc: AgentDoc): Agent {
  const fields = Object.fromEntries(AGENT_RECORD_FIELDS.map((field) => [field, doc[field] ?? null]));
  return {
    ...(fields as Omit<Agent, 'id' | 'removed' | 'created_at' | 'updated_at'>),
    id: String(doc._id),
    removed: doc.removed,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

/**
 * The filter shared by list() and count(). Under the listing collation, which folds case in every
 * string comparison, the owner id's too: callers that filter by owner compare it exactly again.
 */
export function listFilter(options: AgentFilter): QueryFilter<AgentDoc> {
  const conditions: QueryFilter<AgentDoc>[] = [];
  // Held agents are removed: asking for them asks for removed ones.
  if (!options.includeRemoved && options.heldFor === undefined) conditions.push({ removed: false });
  if (options.heldFor !== undefined) conditions.push({ held_for: options.heldFor });
  if (options.category !== undefined) conditions.push({ category: options.category });
  if (options.role !== undefined) conditions.push({ role: options.role });
  if (options.ownerId !== undefined) conditions.push({ owner_id: options.ownerId });
  if (options.email !== undefined) conditions.push({ email: options.email.trim() });
  // Null matches an absent field too: unowned agents carry no owner_id at all.
  if (options.unowned) conditions.push({ owner_id: null });
  if (options.nameContains !== undefined) {
    conditions.push({ name: { $regex: escapeRegExp(options.nameContains), $options: 'i' } });
  }
  return conditions.length > 0 ? { $and: conditions } : {};
}

/** A new agent with the shared derivations (identity key, pricing) and its id chosen here. */
export function newAgentDoc(input: AgentCreate, now: Date, _id: Types.ObjectId): AgentDoc {
  const {
    owner_id,
    created_at: _created,
    updated_at: _updated,
    ...columns
  } = newAgentColumns(input, now.toISOString());
  return { _id, ...columns, ...(owner_id === null ? {} : { owner_id }), created_at: now, updated_at: now };
}

/** Compares as CASE_INSENSITIVE does (ICU, English, secondary strength: case folded, accents kept). */
export const caseInsensitive = new Intl.Collator('en', { sensitivity: 'accent' });

/** Case-insensitive order close to the listing collation, then binary so the order is total. */
export function compareCaseInsensitive(a: string, b: string): number {
  return caseInsensitive.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export function sortCaseInsensitive(values: string[]): string[] {
  return values.sort(compareCaseInsensitive);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
