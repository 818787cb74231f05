import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { registerAgent } from '../../../commands/register-agent';
import type { AppContext } from '../../../context';
import { answerPreflight } from '../../../http/public-read';
import { parseBody } from '../../../http/validate';
import type { AuthLimits } from '../auth/auth.routes';
import { RegisterAgentBody } from './schema';

/** POST /api/agents: the public registration form (spec sections 4, 5 and 7; docs/accounts.md). */
export function registrationRoutes({ services }: AppContext, limits: Pick<AuthLimits, 'signups'>): Router {
  const router = Router();
  // OPTIONS /api/agents reaches this router before the catalog's, and Express would answer it here
  // (Allow: POST): it is the preflight of the public GET /api/agents, and it allows GET only.
  router.options('/agents', answerPreflight);
  router.post('/agents', limits.signups, async (req, res) => {
    const input = parseBody(RegisterAgentBody, req);
    const result = await registerAgent(services, { input, signedIn: (req.user as User | undefined) ?? null });
    res.status(201).json({ success: true, ...result });
  });
  return router;
}
