import Stripe from 'stripe';
import { PaymentsUnavailableError } from '../port';

// Stripe's failures as the port's: an unknown id is an answer (null), anything else is the provider
// being unavailable, with Stripe's error kept as the cause for the logs.

/** True when Stripe said the object (or, with `param`, the object named by that parameter) does not exist. */
export function isResourceMissing(error: unknown, param?: string): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    error.code === 'resource_missing' &&
    (param === undefined || error.param === param)
  );
}

// Stripe masks keys in its messages; masking again costs nothing and keeps a key out of any log.
const KEY_PATTERN = /\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]+/g;

export function unavailable(action: string, error: unknown): PaymentsUnavailableError {
  const detail =
    error instanceof Stripe.errors.StripeError
      ? `${error.type}${error.statusCode ? ` (${error.statusCode})` : ''}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  return new PaymentsUnavailableError(
    `Stripe could not ${action}: ${detail.replace(KEY_PATTERN, '$1_$2_…')}`,
    {
      cause: error,
    },
  );
}
