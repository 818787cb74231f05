import {
  IdParams,
  type InboxPage,
  InboxQuery,
  type InboxRequestAnswer,
  ReplyBody,
  StatusBody,
} from '@agentry/domain/contract/employer';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import {
  replyToContactRequest,
  setContactRequestStatus,
} from '../../../commands/employer/answer-contact-request';
import { listContactRequests } from '../../../commands/employer/list-contact-requests';
import { replyTimeOf } from '../../../commands/employer/reply-times';
import type { AppContext } from '../../../context';
import { setPageHeaders } from '../../../http/pagination';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody, parseQuery } from '../../../http/validate';
import { presentInboxRequest } from '../../../presenters/contact-request';

// The provider's inbox: requests about the agents they own. Any signed-in account, whatever its
// subscription: a provider whose plan lapsed still reads and answers what was sent to them.

export function providerInboxRoutes({ services, store }: AppContext): Router {
  const router = Router();
  const me = (req: Express.Request) => req.user as User;
  const inboxOf = (req: Express.Request) => ({ providerId: me(req).id });

  router.get('/users/inbox', requireUser, async (req, res) => {
    const { status, limit, offset } = parseQuery(InboxQuery, req);
    const [page, replyTime] = await Promise.all([
      listContactRequests({ store }, { inbox: inboxOf(req), status, limit, offset }),
      // How quickly this provider answers (issue 28), from the replies in the store.
      replyTimeOf(services, { providerId: me(req).id }),
    ]);
    setPageHeaders(req, res, { total: page.total, limit, offset });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      requests: page.requests.map(presentInboxRequest),
      total: page.total,
      counts: page.counts,
      reply_time: replyTime,
    } satisfies InboxPage);
  });

  router.put('/users/inbox/:id/status', requireUser, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { status } = parseBody(StatusBody, req);
    const request = await setContactRequestStatus(services, { inbox: inboxOf(req), requestId: id, status });
    res.json({ success: true, request: presentInboxRequest(request) } satisfies InboxRequestAnswer);
  });

  router.post('/users/inbox/:id/reply', requireUser, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { message } = parseBody(ReplyBody, req);
    const user = me(req);
    const request = await replyToContactRequest(services, {
      inbox: inboxOf(req),
      requestId: id,
      message,
      responder: { by: 'provider', organization: user.organization || user.full_name, email: user.email },
    });
    res.json({ success: true, request: presentInboxRequest(request) } satisfies InboxRequestAnswer);
  });

  return router;
}
