import type { AuditAction, AuditEntityType } from '@agentry/domain/audit';
import type { AuditPage } from '@agentry/domain/contract/admin';
import { apiRequest, withQuery } from '../../../lib/api/api-client';

export type { AuditEntry } from '@agentry/domain/contract/admin';

/** The filters the audit log offers (a choice of the store's kinds and actions). */
export const AUDIT_ENTITY_TYPES = [
  'agent',
  'subscriber',
  'upload',
  'reindex',
  // Trust (issue 26).
  'review',
  'verification',
  'listing_claim',
] as const satisfies readonly AuditEntityType[];
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'approve',
  'reject',
  'upload',
  'subscription_status',
  'reindex',
  'hide_review',
  'restore_review',
  'verification_lapsed',
  'claim_by_domain',
  'reverse_claim',
] as const satisfies readonly AuditAction[];

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
