import type { AuditEntry } from '../api/get-audit-log';

// What an audit entry changed, in words: for an update (any entry with a before and an after) the
// fields whose values differ, before → after; for a creation or an upload what it recorded.

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** Bookkeeping that changes with every write and says nothing about what the person changed. */
const IGNORED = new Set(['updated_at']);
const MAX_TEXT = 120;

export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** 'subscription_status' → 'subscription status'. */
export const actionLabel = (action: string) => action.replace(/_/g, ' ');

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between before and after, in the order they first appear. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !IGNORED.has(field) && !same(before[field], after[field]))
    .map((field) => ({
      field,
      before: formatAuditValue(before[field]),
      after: formatAuditValue(after[field]),
    }));
}

/** What a record without a before holds (a creation, an upload's counts), as field: value pairs. */
export function recordedFields(record: Record<string, unknown> | null): Array<[string, string]> {
  if (!record) return [];
  return Object.entries(record)
    .filter(([field]) => !IGNORED.has(field))
    .map(([field, value]) => [field, formatAuditValue(value)]);
}
