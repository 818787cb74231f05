import { PRODUCT_NAME } from './product';

// Reviews and ratings from people who hired (issue 26): the rules, written once for the client
// (forms, what a card shows) and the server (commands, store). An active employer with a confirmed
// address writes one review per organization per agent; the provider answers it once, in public;
// anyone may report it; staff hide or restore it with a reason.

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** An average of fewer reviews says little: cards, pages and structured data show it from this many. */
export const RATING_SHOWN_FROM = 3;

export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REPORT_REASON_MAX = 500;
export const MODERATION_REASON_MAX = 500;

/** Reviews one page of an agent's reviews answers, at most. */
export const REVIEWS_PAGE_MAX = 50;

/** Entries one page of the staff's trust lists answers, at most (and the store's list reads). */
export const REVIEW_LIST_MAX = 100;

export const REVIEW_MESSAGES = {
  ratingInvalid: `Choose a rating from ${RATING_MIN} to ${RATING_MAX}`,
  bodyTooShort: `A review has at least ${REVIEW_BODY_MIN} characters`,
  bodyTooLong: `A review has at most ${REVIEW_BODY_MAX} characters`,
  replyRequired: 'Write your answer',
  replyTooLong: `An answer has at most ${REVIEW_REPLY_MAX} characters`,
  reasonRequired: 'Say what is wrong with this review',
  reasonTooLong: `A reason has at most ${REPORT_REASON_MAX} characters`,
  employersOnly: `Reviews are written by employers who hired through ${PRODUCT_NAME}.`,
  subscriptionRequired: 'Reviews are written by employers with an active subscription.',
  confirmAddress: 'Confirm your e-mail address before you write a review (see the link we sent you).',
  ownAgent: 'You cannot review an agent of your own organization.',
  takenByColleague:
    'Someone at your organization has already reviewed this agent; only they can change that review.',
  alreadyAnswered: 'This review has been answered already: an answer is given once.',
  notYourAgent: "Only the agent's provider may answer its reviews.",
  reviewNotFound: 'Review not found',
  reported: 'Thank you. Staff will look at this review.',
} as const;

export interface ReviewInput {
  rating?: unknown;
  body?: unknown;
}

/** The first problem of a review, or null when it can be saved. */
export function reviewProblem(input: ReviewInput): string | null {
  const rating = input.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    return REVIEW_MESSAGES.ratingInvalid;
  const body = typeof input.body === 'string' ? input.body.trim() : '';
  if (body.length < REVIEW_BODY_MIN) return REVIEW_MESSAGES.bodyTooShort;
  if (body.length > REVIEW_BODY_MAX) return REVIEW_MESSAGES.bodyTooLong;
  return null;
}

/**
 * The average as it is shown: to one decimal, and only from RATING_SHOWN_FROM reviews on (null
 * before). `sum` and `count` are of the reviews anyone can read (hidden ones left out).
 */
export function shownAverage(sum: number, count: number): number | null {
  if (count < RATING_SHOWN_FROM || count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/**
 * Addresses at these domains belong to people, not to an organization: an employer there is an
 * organization of one (its own account). Every other domain of a confirmed address stands for
 * its organization, so colleagues share one review per agent.
 */
export const PERSONAL_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'qq.com',
  '163.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
]);

/** The domain of an e-mail address, lower-cased. */
export const mailDomainOf = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';

/**
 * Who "one review per organization" counts: the confirmed address's domain ("domain:acme.com"),
 * or the account itself ("user:42") at a personal-mail provider.
 */
export function organisationKey(user: { id: string; email: string }): string {
  const domain = mailDomainOf(user.email);
  return PERSONAL_MAIL_DOMAINS.has(domain) || !domain ? `user:${user.id}` : `domain:${domain}`;
}
