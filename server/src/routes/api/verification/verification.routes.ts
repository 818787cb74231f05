import { AgentIdParams } from '@agentry/domain/contract/catalog';
import type { Success } from '@agentry/domain/contract/shapes';
import {
  type DomainAnswer,
  DomainBody,
  type DomainChecked,
  DomainIdParams,
  type DomainsAnswer,
  type ListingClaimed,
} from '@agentry/domain/contract/trust';
import { DOMAINS_PER_ACCOUNT_MAX } from '@agentry/domain/domain-verification';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { checkDomain } from '../../../commands/verification/check-domain';
import { claimListing } from '../../../commands/verification/claim-listing';
import {
  addDomain,
  assertProvider,
  ownDomain,
  removeDomain,
} from '../../../commands/verification/manage-domains';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import { presentDomain, presentFindings } from '../../../presenters/verification';

// Verified providers (issue 26, docs/trust.md): a provider adds a domain, puts the token we issue in
// a TXT record, a file or a meta tag, and asks us to check; a verified domain gives its listings the
// badge, and lets the provider claim a listing of that domain that nobody owns or a squatter holds.
// Adding and checking are limited per account (RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR).

export function verificationRoutes({ services, trust }: AppContext): Router {
  const router = Router();
  const me = (req: Express.Request) => req.user as User;

  router.get('/users/domains', requireUser, async (req, res) => {
    assertProvider(me(req));
    const domains = await services.store.verifications.listForUser(me(req).id);
    res
      .set('Cache-Control', 'no-store')
      .json({ domains: domains.map(presentDomain), max: DOMAINS_PER_ACCOUNT_MAX } satisfies DomainsAnswer);
  });

  router.post('/users/domains', requireUser, trust.limits.verification, async (req, res) => {
    const { domain } = parseBody(DomainBody, req);
    const added = await addDomain(services, { user: me(req), domain });
    res.status(201).json({ domain: presentDomain(added) } satisfies DomainAnswer);
  });

  router.post('/users/domains/:id/check', requireUser, trust.limits.verification, async (req, res) => {
    const { id } = parse(DomainIdParams, req.params);
    assertProvider(me(req));
    const found = await ownDomain(services, { user: me(req), id });
    const result = await checkDomain(
      { ...services, outbound: trust.outbound },
      { verification: found, recheckMs: trust.recheckMs },
    );
    res.json({
      domain: presentDomain(result.verification),
      findings: presentFindings(result.findings),
    } satisfies DomainChecked);
  });

  router.delete('/users/domains/:id', requireUser, async (req, res) => {
    const { id } = parse(DomainIdParams, req.params);
    assertProvider(me(req));
    await removeDomain(services, { user: me(req), id });
    res.json({ success: true } satisfies Success);
  });

  router.post('/agents/:id/claim', requireUser, trust.limits.verification, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const claim = await claimListing(services, { user: me(req), agentId: id });
    res.json({ success: true, agent_id: claim.agent_id, domain: claim.domain } satisfies ListingClaimed);
  });

  return router;
}
