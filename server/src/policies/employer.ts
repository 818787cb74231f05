import { PLANS } from '@agentry/domain/plans';
import { isActiveSubscription } from '@agentry/domain/subscription';
import type { ContactInbox, ContactRequest } from '@agentry/platform/store/employer-port';
import type { Store, User } from '@agentry/platform/store/port';
import type { RequestHandler } from 'express';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { SIGN_IN_REQUIRED_MESSAGE } from '../http/require-user';

// Who may use the employer tools (docs/employer-tools.md), checked on the server on every
// employer endpoint, and whose inbox a contact request sits in.

export const EMPLOYER_SUBSCRIPTION_MESSAGE = `Advanced search, comparison, shortlists and contact requests need an active employer subscription ($${PLANS.employer.priceUsd}/month).`;

/** What an employer API key whose account has no active plan is told (it works again once renewed). */
export const API_KEY_LAPSED_MESSAGE = `This API key's employer account has no active subscription: keys work only while the employer plan ($${PLANS.employer.priceUsd}/month) is active. Renew it in the employer dashboard and the key works again.`;

/** API keys belong to employer accounts; a provider's session is told so. */
export const EMPLOYER_ACCOUNT_MESSAGE = 'API keys belong to employer accounts.';

/**
 * A signed-in employer account with an active subscription; 401 or 403 (`requires_subscription`)
 * otherwise. `viaApiKey`: the request came with the account's API key, and is told about the key.
 */
export function assertActiveEmployer(user: User | undefined, viaApiKey = false): asserts user is User {
  if (!user) throw unauthorized(SIGN_IN_REQUIRED_MESSAGE);
  if (user.user_type !== 'employer' || !isActiveSubscription(user.subscription_status)) {
    throw forbidden(viaApiKey ? API_KEY_LAPSED_MESSAGE : EMPLOYER_SUBSCRIPTION_MESSAGE, {
      success: false,
      requires_subscription: true,
    });
  }
}

/** The policy as a route's middleware: passport has loaded the user from the session (or http/api-key-auth.ts from a key). */
export const requireActiveEmployer: RequestHandler = (req, _res, next) => {
  try {
    assertActiveEmployer(req.user as User | undefined, req.apiKey !== undefined);
    next();
  } catch (error) {
    next(error);
  }
};

/**
 * An employer account, whatever its plan: what it keeps may be read and taken back (its API keys)
 * after the plan has lapsed. 401 without a user, 403 for a provider.
 */
export const requireEmployerAccount: RequestHandler = (req, _res, next) => {
  const user = req.user as User | undefined;
  if (!user) return next(unauthorized(SIGN_IN_REQUIRED_MESSAGE));
  next(user.user_type === 'employer' ? undefined : forbidden(EMPLOYER_ACCOUNT_MESSAGE, { success: false }));
};

export const REQUEST_NOT_FOUND = 'Request not found';

/** Does the request sit in this inbox? A provider's, the admin one (no provider), or an employer's sent ones. */
export function isInInbox(request: ContactRequest, inbox: ContactInbox): boolean {
  if ('providerId' in inbox) return request.provider_id === inbox.providerId;
  if ('employerId' in inbox) return request.employer_id === inbox.employerId;
  return request.provider_id === null;
}

/**
 * The request, if it sits in `inbox`. Another inbox's request answers exactly as a missing one
 * (404), so ids cannot be probed.
 */
export async function findInInbox(
  store: Pick<Store, 'contacts'>,
  inbox: ContactInbox,
  id: string,
): Promise<ContactRequest> {
  const request = await store.contacts.get(id);
  if (!request || !isInInbox(request, inbox)) throw notFound(REQUEST_NOT_FOUND);
  return request;
}
