import type { InboxContactRequest, InboxRequestAnswer } from '@agentry/domain/contract/employer';
import { apiRequest } from '../../../lib/api/api-client';
import {
  type ContactStatus,
  type InboxPage,
  inboxQuery,
  toInboxPage,
} from '../../../lib/api/contact-requests';
import { adminSend } from './admin-send';

// The admin inbox: contact and demo requests about agents nobody owns, answered by staff.

const path = (id: string) => `/api/admin/inbox/${encodeURIComponent(id)}`;

/** GET /api/admin/inbox?status=&limit=&offset= → { requests, total, counts } */
export async function getAdminInbox(
  status: ContactStatus | null,
  offset: number,
  signal?: AbortSignal,
): Promise<InboxPage> {
  return toInboxPage(await apiRequest(inboxQuery('/api/admin/inbox', status, offset), { signal }));
}

/** PUT /api/admin/inbox/:id/status */
export async function setAdminInboxStatus(
  csrfToken: string,
  id: string,
  status: ContactStatus,
): Promise<InboxContactRequest> {
  return (
    await adminSend<InboxRequestAnswer>(csrfToken, `${path(id)}/status`, { method: 'PUT', body: { status } })
  ).request;
}

/** POST /api/admin/inbox/:id/reply: e-mailed to the employer, signed by the Agentry team. */
export async function replyFromAdminInbox(
  csrfToken: string,
  id: string,
  message: string,
): Promise<InboxContactRequest> {
  return (
    await adminSend<InboxRequestAnswer>(csrfToken, `${path(id)}/reply`, { method: 'POST', body: { message } })
  ).request;
}
