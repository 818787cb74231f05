import { AgentIdParams } from '@agentry/domain/contract/catalog';
import { MessageAnswer } from '@agentry/domain/contract/shapes';
import {
  ReportBody,
  type ReviewAccess,
  ReviewBody,
  ReviewIdParams,
  type ReviewPage,
  ReviewReplyBody,
  type ReviewSaved,
  ReviewsQuery,
} from '@agentry/domain/contract/trust';
import { RATING_SHOWN_FROM, shownAverage } from '@agentry/domain/reviews';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { answerReview, reportReview, writeReview } from '../../../commands/reviews/manage-reviews';
import { reviewAccess } from '../../../commands/reviews/review-access';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { allowAnyOrigin, answerPreflight } from '../../../http/public-read';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody, parseQuery } from '../../../http/validate';
import { presentReview } from '../../../presenters/review';

// Reviews from people who hired (issue 26, docs/trust.md). Reading is public (and open to other
// origins, like the catalog); writing needs an active employer with a confirmed address; the
// provider answers once; anyone reports, a few times an hour.

export function reviewsRoutes({ services, trust }: AppContext): Router {
  const router = Router();
  const { store } = services;

  router.options('/agents/:id/reviews', answerPreflight);
  router.get('/agents/:id/reviews', allowAnyOrigin, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const { limit, offset } = parseQuery(ReviewsQuery, req);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    const [reviews, summary] = await Promise.all([
      store.reviews.listForAgent(agent.id, { limit, offset }),
      store.reviews.summaries([agent.id]),
    ]);
    const count = Number(summary[0]?.count ?? 0);
    res.set('Cache-Control', 'no-cache').json({
      agent_id: agent.id,
      rating_average: shownAverage(Number(summary[0]?.sum ?? 0), count),
      rating_count: count,
      rating_shown_from: RATING_SHOWN_FROM,
      total: count,
      reviews: reviews.map(presentReview),
    } satisfies ReviewPage);
  });

  /** What the viewer may do here: write (or change) their organization's review, or answer as the provider. */
  router.get('/agents/:id/reviews/mine', async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const agent = await store.agents.get(id);
    if (!agent || agent.removed) throw notFound('Agent not found');
    const access = await reviewAccess(services, { user: req.user as User | undefined, agent });
    res.set('Cache-Control', 'no-store').json({
      can_review: access.can_review,
      reason: access.reason,
      is_owner: access.is_owner,
      review:
        access.review && access.review.author_id === (req.user as User | undefined)?.id
          ? presentReview(access.review)
          : null,
    } satisfies ReviewAccess);
  });

  router.put('/agents/:id/review', requireUser, trust.limits.reviews, async (req, res) => {
    const { id } = parse(AgentIdParams, req.params);
    const input = parseBody(ReviewBody, req);
    const { review, created } = await writeReview(services, { user: req.user as User, agentId: id, input });
    res.status(created ? 201 : 200).json({ review: presentReview(review) } satisfies ReviewSaved);
  });

  router.post('/reviews/:id/reply', requireUser, async (req, res) => {
    const { id } = parse(ReviewIdParams, req.params);
    const { body } = parseBody(ReviewReplyBody, req);
    const review = await answerReview(services, { user: req.user as User, reviewId: id, body });
    res.json({ review: presentReview(review) } satisfies ReviewSaved);
  });

  router.post('/reviews/:id/reports', trust.limits.reports, async (req, res) => {
    const { id } = parse(ReviewIdParams, req.params);
    const { reason } = parseBody(ReportBody, req);
    await reportReview(services, { reviewId: id, reason });
    res
      .status(201)
      .json({ success: true, message: 'Thank you. Staff will look at this review.' } satisfies MessageAnswer);
  });

  return router;
}
