import {
  AgentProfileBody,
  CreateUserBody,
  type OwnAgentAnswer,
  OwnAgentBody,
  type OwnAgentsAnswer,
  type ProfileAnswer,
  ProfileBody,
  UserIdParams,
} from '@agentry/domain/contract/accounts';
import { AgentIdParams } from '@agentry/domain/contract/catalog';
import type { AgentProfileAnswer } from '@agentry/domain/contract/profiles';
import type { MessageAnswer } from '@agentry/domain/contract/shapes';
import type { CheckoutAnswer } from '@agentry/domain/contract/subscriptions';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { createAccount } from '../../../commands/create-account';
import { saveOwnAgentProfile } from '../../../commands/save-agent-profile';
import { countOwnWaitingAgents } from '../../../commands/send-email-verification';
import { startCheckout } from '../../../commands/start-checkout';
import { removeOwnAgent, updateOwnAgent } from '../../../commands/update-own-agent';
import { updateProfile } from '../../../commands/update-profile';
import type { AppContext } from '../../../context';
import type { CsrfTokens } from '../../../http/csrf';
import { forbidden } from '../../../http/errors';
import { endPhase, startPhases } from '../../../http/phase-timing';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import { presentOwnAgent } from '../../../presenters/own-agent';
import { presentUser } from '../../../presenters/user';
import { type AuthLimits, signIn } from '../auth/auth.routes';

// Accounts (spec section 7): creation, the checkout that starts a subscription, the provider's own
// agents and the profile. Every handler acts on the signed-in user only.

export function usersRoutes(
  { services, store }: AppContext,
  limits: Pick<AuthLimits, 'signups'>,
  csrf: CsrfTokens,
): Router {
  const router = Router();
  const me = (req: Express.Request) => req.user as User;

  router.post('/users', startPhases, limits.signups, async (req, res, next) => {
    endPhase(res, 'limits');
    const input = parseBody(CreateUserBody, req);
    const user = await createAccount(services, {
      input,
      registeredHere: req.session.registeredAgentIds ?? [],
      phase: (name) => endPhase(res, name),
    });
    res.status(201);
    signIn(csrf, req, res, next, user, { user_id: user.id });
  });

  router.post('/users/:user_id/subscription', requireUser, async (req, res) => {
    const { user_id } = parse(UserIdParams, req.params);
    if (user_id !== me(req).id) throw forbidden('You can only subscribe your own account');
    const { url } = await startCheckout(services, { user: me(req) });
    res.json({ success: true, url, payments_mode: services.payments.kind } satisfies CheckoutAnswer);
  });

  router.get('/users/agents', requireUser, async (req, res) => {
    const user = me(req);
    const agents = await store.agents.list({ ownerId: user.id });
    // Only what this account's holder registered themselves: agents others put under the address
    // are not this account's to know about (issue 21, finding 9).
    const unverified = await countOwnWaitingAgents(services, { user });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      agents: agents.map(presentOwnAgent),
      unverified_agents: unverified,
    } satisfies OwnAgentsAnswer);
  });

  router.put('/users/agents/:id', requireUser, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const input = parseBody(OwnAgentBody, req);
    const agent = await updateOwnAgent(services, { user: me(req), agentId: id, input });
    res.json({ success: true, agent: presentOwnAgent(agent) } satisfies OwnAgentAnswer);
  });

  // The agent's structured profile (issue 28); saving it confirms it (confirmed_at: today).
  router.put('/users/agents/:id/profile', requireUser, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const input = parseBody(AgentProfileBody, req);
    const profile = await saveOwnAgentProfile(services, { user: me(req), agentId: id, input });
    res.json({ success: true, profile } satisfies AgentProfileAnswer);
  });

  router.delete('/users/agents/:id', requireUser, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    await removeOwnAgent(services, { user: me(req), agentId: id });
    res.json({ success: true, message: 'Agent deleted' } satisfies MessageAnswer);
  });

  router.put('/users/profile', requireUser, async (req, res) => {
    const input = parseBody(ProfileBody, req);
    const { user, message } = await updateProfile(services, { user: me(req), input });
    res.json({ success: true, user: presentUser(user), message } satisfies ProfileAnswer);
  });

  return router;
}
