import type { Agent } from '@agentry/domain/agent';
import {
  MODERATION_REASON_MAX,
  REPORT_REASON_MAX,
  REVIEW_MESSAGES,
  REVIEW_REPLY_MAX,
  type ReviewInput,
  reviewProblem,
} from '@agentry/domain/reviews';
import { type Review, ReviewTakenError, type User } from '@agentry/platform/store/port';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Action } from '../command';
import { cleanLine, cleanMessage } from '../employer/plain-text';
import type { Services } from '../services';
import { reviewAccess } from './review-access';

// Reviews' business actions (issue 26): an employer writes or changes their organization's review;
// the agent's provider answers it once; anyone reports it; staff hide or restore it with a reason
// (audited). A change to what a review counts for (written, hidden, restored) touches the agent, so
// its rating and its search document follow.

/** The agent of a review, listed: a review of a removed agent is not reachable. */
async function listedAgent(services: Pick<Services, 'store'>, agentId: string): Promise<Agent> {
  const agent = await services.store.agents.get(agentId);
  if (!agent || agent.removed) throw notFound('Agent not found');
  return agent;
}

export const writeReview: Action<
  'store',
  { user: User; agentId: string; input: ReviewInput },
  { review: Review; created: boolean }
> = async (services, props) => {
  const agent = await listedAgent(services, props.agentId);
  const access = await reviewAccess(services, { user: props.user, agent });
  if (!access.can_review || !access.org_key) throw forbidden(access.reason ?? REVIEW_MESSAGES.employersOnly);
  const problem = reviewProblem(props.input);
  if (problem) throw badRequest(problem);
  try {
    const written = await services.store.reviews.write({
      agent_id: agent.id,
      org_key: access.org_key,
      author_id: props.user.id,
      organization: cleanLine(props.user.organization).slice(0, 100),
      rating: props.input.rating as number,
      body: cleanMessage(String(props.input.body)),
    });
    if (!written.review.hidden) await services.store.agents.touch([agent.id]);
    return written;
  } catch (error) {
    if (error instanceof ReviewTakenError) throw conflict(REVIEW_MESSAGES.takenByColleague);
    throw error;
  }
};

async function findReview(services: Pick<Services, 'store'>, id: string): Promise<Review> {
  const review = await services.store.reviews.get(id);
  if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return review;
}

export const answerReview: Action<
  'store' | 'now',
  { user: User; reviewId: string; body: unknown },
  Review
> = async (services, props) => {
  const review = await findReview(services, props.reviewId);
  const agent = await services.store.agents.get(review.agent_id);
  if (!agent || agent.owner_id !== props.user.id) throw forbidden(REVIEW_MESSAGES.notYourAgent);
  const body = cleanMessage(typeof props.body === 'string' ? props.body : '');
  if (!body) throw badRequest(REVIEW_MESSAGES.replyRequired);
  if (body.length > REVIEW_REPLY_MAX) throw badRequest(REVIEW_MESSAGES.replyTooLong);
  const answered = await services.store.reviews.reply(review.id, {
    body,
    at: new Date(services.now()).toISOString(),
  });
  if (!answered) throw conflict(REVIEW_MESSAGES.alreadyAnswered);
  return answered;
};

export const reportReview: Action<'store' | 'now', { reviewId: string; reason: unknown }> = async (
  services,
  props,
) => {
  const reason = cleanMessage(typeof props.reason === 'string' ? props.reason : '');
  if (!reason) throw badRequest(REVIEW_MESSAGES.reasonRequired);
  if (reason.length > REPORT_REASON_MAX) throw badRequest(REVIEW_MESSAGES.reasonTooLong);
  const review = await findReview(services, props.reviewId);
  await services.store.reviews.report(review.id, { reason, at: new Date(services.now()).toISOString() });
};

export const MODERATION_MESSAGES = {
  reasonRequired: 'Give the reason (the audit log keeps it)',
  reasonTooLong: `A reason has at most ${MODERATION_REASON_MAX} characters`,
} as const;

export const moderateReview: Action<
  'store' | 'now',
  { reviewId: string; hidden: boolean; reason: unknown; admin: string },
  Review
> = async (services, props) => {
  const reason = cleanMessage(typeof props.reason === 'string' ? props.reason : '');
  if (!reason) throw badRequest(MODERATION_MESSAGES.reasonRequired);
  if (reason.length > MODERATION_REASON_MAX) throw badRequest(MODERATION_MESSAGES.reasonTooLong);
  const before = await findReview(services, props.reviewId);
  const after = await services.store.reviews.moderate(before.id, {
    hidden: props.hidden,
    reason,
    at: new Date(services.now()).toISOString(),
  });
  if (!after) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  await services.store.audit.record({
    actor: props.admin,
    action: props.hidden ? 'hide_review' : 'restore_review',
    entity_type: 'review',
    entity_id: after.id,
    entity_label: `${after.organization}, ${after.rating}/5, agent ${after.agent_id}`,
    before: { hidden: before.hidden, open_reports: before.open_reports },
    after: { hidden: after.hidden, reason },
  });
  if (before.hidden !== after.hidden) await services.store.agents.touch([after.agent_id]);
  return after;
};
