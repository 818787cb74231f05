import { AgentIdParams } from '@agentry/domain/contract/catalog';
import {
  OwnershipReportBody,
  RegisterAgentBody,
  type RegistrationAnswer,
} from '@agentry/domain/contract/registration';
import type { MessageAnswer } from '@agentry/domain/contract/shapes';
import type { User } from '@agentry/platform/store/port';
import { CLAIM_AGENTS_MAX } from '@agentry/platform/store/port';
import { Router } from 'express';
import { registerAgent } from '../../../commands/register-agent';
import { REPORT_MESSAGES, reportListing } from '../../../commands/report-listing';
import type { AppContext } from '../../../context';
import { answerPreflight } from '../../../http/public-read';
import { clientKey } from '../../../http/rate-limits';
import { parse, parseBody } from '../../../http/validate';
import type { AuthLimits } from '../auth/auth.routes';

/**
 * POST /api/agents: the public registration form (spec sections 4, 5 and 7; docs/accounts.md), and
 * POST /api/agents/{id}/ownership-reports: "this is my product" about a listing nobody owns.
 */
export function registrationRoutes({ services }: AppContext, limits: Pick<AuthLimits, 'signups'>): Router {
  const router = Router();
  // OPTIONS /api/agents reaches this router before the catalog's, and Express would answer it here
  // (Allow: POST): it is the preflight of the public GET /api/agents, and it allows GET only.
  router.options('/agents', answerPreflight);
  router.post('/agents', limits.signups, async (req, res) => {
    const input = parseBody(RegisterAgentBody, req);
    const result = await registerAgent(services, {
      input,
      signedIn: (req.user as User | undefined) ?? null,
      client: clientKey(req),
    });
    // Remembered for the account this browser may create next (spec: register, then set up the
    // account): its verification link names the agents registered here, and only those.
    if (!result.owned && !result.listed) {
      const ids = [...(req.session.registeredAgentIds ?? []), result.agent.id];
      req.session.registeredAgentIds = ids.slice(-CLAIM_AGENTS_MAX);
    }
    res.status(201).json({ success: true, ...result } satisfies RegistrationAnswer);
  });

  router.post('/agents/:id/ownership-reports', limits.signups, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const input = parseBody(OwnershipReportBody, req);
    await reportListing(services, {
      agentId: id,
      input,
      signedIn: (req.user as User | undefined) ?? null,
      client: clientKey(req),
    });
    res.status(201).json({ success: true, message: REPORT_MESSAGES.sent } satisfies MessageAnswer);
  });
  return router;
}
