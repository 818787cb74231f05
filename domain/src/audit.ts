// The staff audit log (docs/admin.md): what staff did to which kind of record, written once for
// the store, the commands that record it, the admin API's filters and the admin screen.

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
  'reply',
  // Trust (issue 26).
  'verification_lapsed',
  'claim_by_domain',
  'reverse_claim',
  'hide_review',
  'restore_review',
  // Employer teams (issue 28): the subscriber invites, a colleague accepts, someone is removed (or leaves).
  'team_invite',
  'team_accept',
  'team_remove',
  // Catalog hygiene (issue 25): staff move the agents of one or more provider spellings to another.
  'merge_providers',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = [
  'agent',
  'subscriber',
  'upload',
  'reindex',
  'contact_request',
  'review',
  'verification',
  'listing_claim',
  'agent_profile',
  'organization',
  'provider',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** The most audit entries one page answers. */
export const AUDIT_PAGE_MAX = 500;
