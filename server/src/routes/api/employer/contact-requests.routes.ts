import {
  ContactRequestBody,
  IdParams,
  OutcomeBody,
  ReplyBody,
  type SentRequestAnswer,
  type SentRequestsPage,
  SentRequestsQuery,
} from '@agentry/domain/contract/employer';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { employerAudienceOf } from '../../../analytics/audience';
import { listContactRequests } from '../../../commands/employer/list-contact-requests';
import { replyAsEmployer } from '../../../commands/employer/reply-as-employer';
import { sendContactRequest } from '../../../commands/employer/send-contact-request';
import { setRequestOutcome } from '../../../commands/employer/set-request-outcome';
import type { AppContext } from '../../../context';
import { setPageHeaders } from '../../../http/pagination';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody, parseQuery } from '../../../http/validate';
import { requireActiveEmployer, scopeOf } from '../../../policies/employer';
import { presentSentRequest } from '../../../presenters/contact-request';

// An active employer's contact and demo requests: sending one, and reading what they sent (or, in a
// team, what any member sent: the history is kept under the team's owner, each with its sender).

export function contactRequestsRoutes({ services, store, analytics }: AppContext): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(store);
  const me = (req: Express.Request) => req.user as User;

  router.post('/contact-requests', requireUser, activeEmployer, async (req, res) => {
    const input = parseBody(ContactRequestBody, req);
    const request = await sendContactRequest(services, { employer: me(req), scope: scopeOf(req), input });
    // Provider analytics: the agent got a contact or demo request.
    analytics?.countFor(employerAudienceOf(req), 'contacted', [request.agent_id]);
    res.status(201).json({ success: true, request: presentSentRequest(request) } satisfies SentRequestAnswer);
  });

  router.get('/employer/requests', requireUser, activeEmployer, async (req, res) => {
    const { limit, offset } = parseQuery(SentRequestsQuery, req);
    const { requests, total } = await listContactRequests(
      { store },
      { inbox: { employerId: scopeOf(req).ownerId }, limit, offset },
    );
    setPageHeaders(req, res, { total, limit, offset });
    res
      .set('Cache-Control', 'no-store')
      .json({ success: true, requests: requests.map(presentSentRequest), total } satisfies SentRequestsPage);
  });

  // Where a request stands for the employer (issue 28): talking, trial, hired, not a fit.
  router.put('/employer/requests/:id/outcome', requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { outcome } = parseBody(OutcomeBody, req);
    const request = await setRequestOutcome(services, {
      employer: me(req),
      scope: scopeOf(req),
      requestId: id,
      outcome,
    });
    res.json({ success: true, request: presentSentRequest(request) } satisfies SentRequestAnswer);
  });

  // The employer answers in the request's conversation (issue 25): e-mailed to the provider.
  router.post('/employer/requests/:id/reply', requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { message } = parseBody(ReplyBody, req);
    const request = await replyAsEmployer(services, {
      employer: me(req),
      scope: scopeOf(req),
      requestId: id,
      message,
    });
    res.json({ success: true, request: presentSentRequest(request) } satisfies SentRequestAnswer);
  });

  return router;
}
