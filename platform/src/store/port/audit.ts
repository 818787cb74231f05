import { AUDIT_PAGE_MAX, type AuditAction, type AuditEntityType } from '@agentry/domain/audit';
import type { AuditEntry } from '@agentry/domain/contract/admin';

// The store's part for the staff audit log (contract/admin.ts).

/** What staff did to which kind of record (domain/audit.ts: one list for the store, the API and the screen). */
export type { AuditAction, AuditEntityType } from '@agentry/domain/audit';

/** One staff action, as the admin API answers it (its shape is the API's contract). */
export type { AuditEntry } from '@agentry/domain/contract/admin';

export type AuditEntryInput = Omit<AuditEntry, 'id' | 'at'> & { at?: string };

export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  entity_type?: AuditEntityType;
  entity_id?: string;
}

/** The most audit entries one list() call answers: a page of the admin's audit log. */
export const AUDIT_LIST_MAX = AUDIT_PAGE_MAX;

export interface AuditLog {
  record(entry: AuditEntryInput): Promise<AuditEntry>;
  /** Newest first, at most AUDIT_LIST_MAX (also the default). */
  list(options?: AuditFilter & { limit?: number; offset?: number }): Promise<AuditEntry[]>;
  count(filter?: AuditFilter): Promise<number>;
}
