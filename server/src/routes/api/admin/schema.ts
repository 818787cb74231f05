import { PASSWORD_MAX_LENGTH } from '@agentry/domain/limits';
import { AUDIT_LIST_MAX, USER_LIST_MAX } from '@agentry/platform/store/port';
import { z } from 'zod';
import { pageQuery } from '../../../http/pagination';

// Shapes and bounds of the admin API; the agent rules themselves run in the commands with
// domain/admin-rules, as on the client.

const text = (max: number) => z.string().max(max);

export const AdminLoginBody = z.object({
  username: text(64).trim().min(1, 'Username is required'),
  password: text(PASSWORD_MAX_LENGTH).min(1, 'Password is required'),
});

/** The sign-in's second step: six digits from the app (spaces allowed), or a recovery code. */
export const AdminCodeBody = z.object({
  code: text(32).trim().min(1, 'Enter the code from your authenticator app'),
});

const agentField = text(2000).optional().nullable();
export const AdminAgentBody = z.object({
  name: agentField,
  email: agentField,
  provider: agentField,
  category: agentField,
  role: agentField,
  description: agentField,
  cost: agentField,
  address: agentField,
  status: agentField,
});

export const IdParams = z.object({ id: z.string().min(1).max(64) });

/** The deepest page any admin list may be read at: past it, narrow the list with a filter. */
const MAX_OFFSET = 1_000_000;

export const AdminAgentsQuery = z.object({
  ...pageQuery({ defaultLimit: 100, maxLimit: 500, maxOffset: MAX_OFFSET }),
  category: text(200).optional(),
});

/** The review queue, in the listing order: 20 a page by default. */
export const ReviewQueueQuery = z.object(
  pageQuery({ defaultLimit: 20, maxLimit: 100, maxOffset: MAX_OFFSET }),
);

export const SubscribersQuery = z.object(
  pageQuery({ defaultLimit: 50, maxLimit: USER_LIST_MAX, maxOffset: MAX_OFFSET }),
);

export const SubscriptionStatusBody = z.object({
  subscription_status: z.enum(['active', 'inactive'], {
    error: "subscription_status must be 'active' or 'inactive'",
  }),
});

export const AuditQuery = z.object({
  ...pageQuery({ defaultLimit: 50, maxLimit: AUDIT_LIST_MAX, maxOffset: MAX_OFFSET }),
  actor: text(64).optional(),
  action: z
    .enum([
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
    ])
    .optional(),
  entity_type: z
    .enum([
      'agent',
      'subscriber',
      'upload',
      'reindex',
      'contact_request',
      'review',
      'verification',
      'listing_claim',
    ])
    .optional(),
  entity_id: text(64).optional(),
});

/** The structured profile's shape, the same for staff as for providers. */
export { AgentProfileBody } from '../users/schema';
