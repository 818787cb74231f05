import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@agentry/domain/audit';
import type { AuditPage } from '@agentry/domain/contract/admin';
import { apiRequest, withQuery } from '../../../lib/api/api-client';

export type { AuditEntry } from '@agentry/domain/contract/admin';

// The filters offer every kind and action the store records, from the one list in domain: a copy
// here had already missed profile changes (agent_profile) and replies.
export { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES };

export interface AuditFilters {
  entityType: (typeof AUDIT_ENTITY_TYPES)[number] | '';
  action: (typeof AUDIT_ACTIONS)[number] | '';
  actor: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit?limit=&offset=[&entity_type=][&action=][&actor=] → one page, and the total. */
export function getAuditLog(filters: AuditFilters, offset: number, signal?: AbortSignal): Promise<AuditPage> {
  const params: Record<string, string> = { limit: String(AUDIT_PAGE_SIZE), offset: String(offset) };
  if (filters.entityType) params.entity_type = filters.entityType;
  if (filters.action) params.action = filters.action;
  if (filters.actor.trim()) params.actor = filters.actor.trim();
  return apiRequest<AuditPage>(withQuery('/api/admin/audit', params), { signal });
}
