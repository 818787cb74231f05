import { apiRequest, withQuery } from '../../../lib/api/api-client';

export const AUDIT_ENTITY_TYPES = [
  'agent',
  'subscriber',
  'upload',
  'reindex',
  // Trust (issue 26).
  'review',
  'verification',
  'listing_claim',
] as const;
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
] as const;

export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string | null;
  entity_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditFilters {
  entityType: AuditEntityType | '';
  action: AuditAction | '';
  actor: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit?limit=&offset=[&entity_type=][&action=][&actor=] → one page, and the total. */
export function getAuditLog(
  filters: AuditFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const params: Record<string, string> = { limit: String(AUDIT_PAGE_SIZE), offset: String(offset) };
  if (filters.entityType) params.entity_type = filters.entityType;
  if (filters.action) params.action = filters.action;
  if (filters.actor.trim()) params.actor = filters.actor.trim();
  return apiRequest(withQuery('/api/admin/audit', params), { signal });
}
