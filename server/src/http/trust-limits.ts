import type { Config } from '@agentry/platform/config/env';
import type { Limiter } from '@agentry/platform/rate-limit/limiter';
import type { Request, RequestHandler } from 'express';
import { clientKey, limiterFactory, limitWith, type SharedCounting } from './rate-limits';

// The trust layer's own limits (issue 26), counted in the shared store like sign-ins (each hit is
// rare and must hold across processes): reviews per employer account, reports of reviews per
// client, domains added and proof checks per provider account (each check calls the provider's
// site and DNS, so a loop of them must not make us hammer a site).

const HOUR = 60 * 60 * 1000;

export const TRUST_LIMIT_MESSAGES = {
  reviews: 'You have written several reviews this hour. Please try again later.',
  reports: 'You have sent several reports this hour. Please try again later.',
  verification: 'You have checked several domains this hour. Please try again later.',
} as const;

const accountKey = (req: Request) => {
  const id = (req.user as { id?: string } | undefined)?.id;
  return id ? `user:${id}` : null;
};

export function createTrustLimits(
  config: Pick<
    Config,
    | 'RATE_LIMIT_REVIEWS_PER_HOUR'
    | 'RATE_LIMIT_REVIEW_REPORTS_PER_HOUR'
    | 'RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR'
  >,
  shared?: SharedCounting,
) {
  const limiters = limiterFactory(shared);
  const perAccount = (limiter: Limiter, message: string): RequestHandler =>
    limitWith(limiter, message, { keyOf: accountKey });
  return {
    reviews: perAccount(
      limiters.strict('reviews', config.RATE_LIMIT_REVIEWS_PER_HOUR, HOUR),
      TRUST_LIMIT_MESSAGES.reviews,
    ),
    reports: limitWith(
      limiters.strict('review-reports', config.RATE_LIMIT_REVIEW_REPORTS_PER_HOUR, HOUR),
      TRUST_LIMIT_MESSAGES.reports,
      { keyOf: clientKey },
    ),
    verification: perAccount(
      limiters.strict('verification-checks', config.RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR, HOUR),
      TRUST_LIMIT_MESSAGES.verification,
    ),
  };
}

export type TrustLimits = ReturnType<typeof createTrustLimits>;
