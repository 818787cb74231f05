import type { InboxRequestAnswer } from '@agentry/domain/contract/employer';
import type { InboxApi } from '../../../components/inbox/inbox-api';
import { apiRequest } from '../../../lib/api/api-client';
import { type ContactStatus, inboxQuery, toInboxPage } from '../../../lib/api/contact-requests';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The provider's inbox: contact and demo requests about their own agents.

const path = (id: string) => `/api/users/inbox/${encodeURIComponent(id)}`;

export const providerInboxApi: InboxApi = {
  /** GET /api/users/inbox?status=&limit=&offset= → { requests, total, counts } */
  async list(status, offset, signal) {
    return toInboxPage(await apiRequest(inboxQuery('/api/users/inbox', status, offset), { signal }));
  },
  /** PUT /api/users/inbox/:id/status */
  async setStatus(id: string, status: ContactStatus) {
    return (await sendWithCsrf<InboxRequestAnswer>(`${path(id)}/status`, { method: 'PUT', body: { status } }))
      .request;
  },
  /** POST /api/users/inbox/:id/reply: e-mailed to the employer; the request is then marked replied. */
  async reply(id: string, message: string) {
    return (
      await sendWithCsrf<InboxRequestAnswer>(`${path(id)}/reply`, { method: 'POST', body: { message } })
    ).request;
  },
};
