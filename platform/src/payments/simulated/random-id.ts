import { randomBytes } from 'node:crypto';

/**
 * An id in Stripe's style ("cs_test_…", "sub_…") with 128 random bits: a checkout session id is all
 * a visitor needs to pay or cancel that checkout, so it must not be guessable.
 */
export const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
