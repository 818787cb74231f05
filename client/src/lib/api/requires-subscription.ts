import { ApiError } from './api-client';

/**
 * The employer tools answer 403 with `requires_subscription: true` to anyone without an active
 * employer subscription: the page then invites them to subscribe instead of saying "forbidden".
 */
export function requiresSubscription(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body?.requires_subscription === true;
}
