import {
  IdParams,
  type InboxPage,
  InboxQuery,
  type InboxRequestAnswer,
  ReplyBody,
  StatusBody,
} from '@agentry/domain/contract/employer';
import { Router } from 'express';
import {
  replyToContactRequest,
  setContactRequestStatus,
} from '../../../commands/employer/answer-contact-request';
import { listContactRequests } from '../../../commands/employer/list-contact-requests';
import type { AppContext } from '../../../context';
import { setPageHeaders } from '../../../http/pagination';
import { adminOf } from '../../../http/require-admin';
import { parse, parseBody, parseQuery } from '../../../http/validate';
import { presentInboxRequest } from '../../../presenters/contact-request';

// The admin inbox: contact and demo requests about agents that no account owns. Mounted inside the
// admin router, after its admin and CSRF checks; replies and status changes go to the audit log.

const ADMIN_INBOX = { admin: true } as const;

export function adminInboxRoutes({ services, store }: AppContext): Router {
  const router = Router();

  router.get('/inbox', async (req, res) => {
    const { status, limit, offset } = parseQuery(InboxQuery, req);
    const page = await listContactRequests({ store }, { inbox: ADMIN_INBOX, status, limit, offset });
    setPageHeaders(req, res, { total: page.total, limit, offset });
    res.json({
      success: true,
      requests: page.requests.map(presentInboxRequest),
      total: page.total,
      counts: page.counts,
    } satisfies InboxPage);
  });

  router.put('/inbox/:id/status', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { status } = parseBody(StatusBody, req);
    const request = await setContactRequestStatus(services, {
      inbox: ADMIN_INBOX,
      requestId: id,
      status,
      admin: adminOf(req),
    });
    res.json({ success: true, request: presentInboxRequest(request) } satisfies InboxRequestAnswer);
  });

  router.post('/inbox/:id/reply', async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { message } = parseBody(ReplyBody, req);
    const request = await replyToContactRequest(services, {
      inbox: ADMIN_INBOX,
      requestId: id,
      message,
      responder: { by: 'admin', admin: adminOf(req) },
    });
    res.json({ success: true, request: presentInboxRequest(request) } satisfies InboxRequestAnswer);
  });

  return router;
}
