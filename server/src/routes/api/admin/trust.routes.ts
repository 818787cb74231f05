import {
  type AdminDomainsPage,
  BrokenLinksQuery,
  type BrokenListingsPage,
  type ClaimReversed,
  ClaimsQuery,
  type DomainRechecked,
  type ListingClaimsPage,
  REPORTS_SHOWN,
  ReasonBody,
  type ReviewModerated,
  ReviewModerationQuery,
  type ReviewQueuePage,
  TrustIdParams,
  VerificationsQuery,
} from '@agentry/domain/contract/trust';
import { decodeEntities } from '@agentry/domain/html-entities';
import { Router } from 'express';
import { MODERATION_MESSAGES, moderateReview } from '../../../commands/reviews/manage-reviews';
import { checkDomain } from '../../../commands/verification/check-domain';
import { reverseClaim } from '../../../commands/verification/claim-listing';
import type { AppContext } from '../../../context';
import { badRequest, notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { adminOf } from '../../../http/require-admin';
import { parse, parseBody, parseQuery } from '../../../http/validate';
import { presentModeratedReview } from '../../../presenters/review';
import { presentAdminDomain, presentClaim, presentFindings } from '../../../presenters/verification';

// Staff's side of trust (issue 26, docs/admin.md): listings whose site is unreachable, providers'
// domains (lapsed ones first to see), the review moderation queue (hide and restore with a reason),
// and listings claimed by domain proof (reverse a claim). Mounted inside the admin router, after its
// admin and CSRF checks; every change is in the audit log.

const DAY_MS = 24 * 60 * 60 * 1000;

export function adminTrustRoutes({ services, trust }: AppContext): Router {
  const router = Router();
  const { store } = services;
  const emailsOf = async (ids: Array<string | null>) => {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    const users = await Promise.all(unique.map((id) => store.users.findById(id)));
    return new Map(users.flatMap((user) => (user ? [[user.id, user.email] as const] : [])));
  };

  router.get('/link-checks', async (req, res) => {
    const { min_days, limit, offset } = parseQuery(BrokenLinksQuery, req);
    const downSince = min_days > 0 ? new Date(services.now() - min_days * DAY_MS) : undefined;
    const [records, total] = await Promise.all([
      store.linkChecks.list({ state: 'down', downSince, limit, offset }),
      store.linkChecks.count({ state: 'down', downSince }),
    ]);
    const agents = new Map(
      (await store.agents.getMany(records.map((r) => r.agent_id))).map((a) => [a.id, a]),
    );
    const emails = await emailsOf([...agents.values()].map((agent) => agent.owner_id));
    setPageHeaders(req, res, { total, limit, offset });
    res.json({
      success: true,
      total,
      listings: records.flatMap((record) => {
        const agent = agents.get(record.agent_id);
        if (!agent || agent.removed) return [];
        return [
          {
            agent_id: agent.id,
            name: decodeEntities(agent.name),
            provider: decodeEntities(agent.provider),
            address: record.url,
            owner_email: agent.owner_id ? (emails.get(agent.owner_id) ?? null) : null,
            since: record.state_since,
            checked_at: record.checked_at,
            outcome: record.outcome,
            http_status: record.http_status,
          },
        ];
      }),
    } satisfies BrokenListingsPage);
  });

  router.get('/verifications', async (req, res) => {
    const { status, limit, offset } = parseQuery(VerificationsQuery, req);
    const [records, total] = await Promise.all([
      store.verifications.list({ status, limit, offset }),
      store.verifications.count({ status }),
    ]);
    const emails = await emailsOf(records.map((record) => record.user_id));
    setPageHeaders(req, res, { total, limit, offset });
    res.json({
      success: true,
      total,
      domains: records.map((record) => presentAdminDomain(record, emails.get(record.user_id) ?? null)),
    } satisfies AdminDomainsPage);
  });

  router.post('/verifications/:id/recheck', async (req, res) => {
    const { id } = parse(TrustIdParams, req.params);
    const found = await store.verifications.get(id);
    if (!found) throw notFound('Domain not found');
    const result = await checkDomain(
      { ...services, outbound: trust.outbound },
      { verification: found, recheckMs: trust.recheckMs },
    );
    const emails = await emailsOf([found.user_id]);
    res.json({
      success: true,
      event: result.event,
      domain: presentAdminDomain(result.verification, emails.get(found.user_id) ?? null),
      findings: presentFindings(result.findings),
    } satisfies DomainRechecked);
  });

  router.get('/reviews', async (req, res) => {
    const { queue, limit, offset } = parseQuery(ReviewModerationQuery, req);
    const [reviews, total] = await Promise.all([
      store.reviews.listQueue(queue, { limit, offset }),
      store.reviews.countQueue(queue),
    ]);
    const reports = await Promise.all(
      reviews.map((review) => store.reviews.reportsOf(review.id, REPORTS_SHOWN)),
    );
    const agents = new Map(
      (await store.agents.getMany(reviews.map((r) => r.agent_id))).map((a) => [a.id, a]),
    );
    setPageHeaders(req, res, { total, limit, offset });
    res.json({
      success: true,
      total,
      reviews: reviews.map((review, index) => ({
        ...presentModeratedReview(review, reports[index]),
        agent_name: agents.has(review.agent_id) ? decodeEntities(agents.get(review.agent_id)!.name) : null,
      })),
    } satisfies ReviewQueuePage);
  });

  for (const [action, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    router.post(`/reviews/:id/${action}`, async (req, res) => {
      const { id } = parse(TrustIdParams, req.params);
      const { reason } = parseBody(ReasonBody, req);
      const review = await moderateReview(services, {
        reviewId: id,
        hidden,
        reason,
        admin: adminOf(req).username,
      });
      res.json({ success: true, review: presentModeratedReview(review) } satisfies ReviewModerated);
    });
  }

  router.get('/listing-claims', async (req, res) => {
    const { limit, offset } = parseQuery(ClaimsQuery, req);
    const [claims, total] = await Promise.all([
      store.listingClaims.list({ limit, offset }),
      store.listingClaims.count(),
    ]);
    const emails = await emailsOf(claims.flatMap((claim) => [claim.from_owner_id, claim.to_owner_id]));
    setPageHeaders(req, res, { total, limit, offset });
    res.json({
      success: true,
      total,
      claims: claims.map((claim) => presentClaim(claim, emails)),
    } satisfies ListingClaimsPage);
  });

  router.post('/listing-claims/:id/reverse', async (req, res) => {
    const { id } = parse(TrustIdParams, req.params);
    const { reason } = parseBody(ReasonBody, req);
    const text = typeof reason === 'string' ? reason.trim().slice(0, 500) : '';
    if (!text) throw badRequest(MODERATION_MESSAGES.reasonRequired);
    const claim = await reverseClaim(services, { claimId: id, admin: adminOf(req).username, reason: text });
    const emails = await emailsOf([claim.from_owner_id, claim.to_owner_id]);
    res.json({ success: true, claim: presentClaim(claim, emails) } satisfies ClaimReversed);
  });

  return router;
}
