import { PLANS } from '@agentry/domain/plans';
import type { ContactInbox, ContactRequest, Store, User } from '@agentry/platform/store/port';
import type { RequestHandler } from 'express';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { SIGN_IN_REQUIRED_MESSAGE } from '../http/require-user';
import { type EmployerScope, employerScopeOf } from './employer-scope';

// Who may use the employer tools (docs/employer-tools.md), checked on the server on every
// employer endpoint, and whose inbox a contact request sits in.

export const EMPLOYER_SUBSCRIPTION_MESSAGE = `Advanced search, comparison, shortlists and contact requests need an active employer subscription ($${PLANS.employer.priceUsd}/month).`;

/** What an employer API key whose account has no active plan is told (it works again once renewed). */
export const API_KEY_LAPSED_MESSAGE = `This API key's employer account has no active subscription: keys work only while the employer plan ($${PLANS.employer.priceUsd}/month) is active. Renew it in the employer dashboard and the key works again.`;

/** API keys belong to employer accounts; a provider's session is told so. */
export const EMPLOYER_ACCOUNT_MESSAGE = 'API keys belong to employer accounts.';

/**
 * A signed-in employer account whose plan (its own, or its team's: `scope`) is active; 401 or 403
 * (`requires_subscription`) otherwise. `viaApiKey`: the request came with the account's API key, and is told about the key.
 */
export function assertActiveEmployer(
  user: User | undefined,
  scope: Pick<EmployerScope, 'planActive'>,
  viaApiKey = false,
): asserts user is User {
  if (!user) throw unauthorized(SIGN_IN_REQUIRED_MESSAGE);
  if (user.user_type !== 'employer' || !scope.planActive) {
    throw forbidden(viaApiKey ? API_KEY_LAPSED_MESSAGE : EMPLOYER_SUBSCRIPTION_MESSAGE, {
      success: false,
      requires_subscription: true,
    });
  }
}

declare global {
  namespace Express {
    interface Request {
      /** Whose work the employer acts on (policies/employer-scope.ts), set by requireActiveEmployer. */
      employerScope?: EmployerScope;
    }
  }
}

/**
 * The policy as a route's middleware: passport has loaded the user from the session (or
 * http/api-key-auth.ts from a key). A team member passes on the subscriber's plan (issue 28): the
 * scope is read on every request, so a removed member or a lapsed plan is refused at once.
 */
export function requireActiveEmployer(store: Pick<Store, 'teams' | 'users'>): RequestHandler {
  return async (req, _res, next) => {
    try {
      const user = req.user as User | undefined;
      if (!user) throw unauthorized(SIGN_IN_REQUIRED_MESSAGE);
      const scope = await employerScopeOf(store, user);
      if (user.user_type !== 'employer' || !scope.planActive) {
        throw forbidden(
          req.apiKey !== undefined
            ? API_KEY_LAPSED_MESSAGE
            : scope.role === 'member'
              ? TEAM_PLAN_LAPSED_MESSAGE
              : EMPLOYER_SUBSCRIPTION_MESSAGE,
          { success: false, requires_subscription: true },
        );
      }
      req.employerScope = scope;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The scope requireActiveEmployer read for this request. */
export function scopeOf(req: Express.Request): EmployerScope {
  if (!req.employerScope) throw new Error('requireActiveEmployer must run before scopeOf');
  return req.employerScope;
}

/** What a member is told when the subscriber's plan has lapsed. */
export const TEAM_PLAN_LAPSED_MESSAGE = `Your team's employer plan ($${PLANS.employer.priceUsd}/month) is not active: the subscriber who runs the team can renew it, and the team's tools work again.`;

/**
 * An employer account, whatever its plan: what it keeps may be read and taken back (its API keys,
 * its team) after the plan has lapsed. 401 without a user, 403 for a provider, saying `message`.
 */
export function requireEmployerAccountFor(message: string): RequestHandler {
  return (req, _res, next) => {
    const user = req.user as User | undefined;
    if (!user) return next(unauthorized(SIGN_IN_REQUIRED_MESSAGE));
    next(user.user_type === 'employer' ? undefined : forbidden(message, { success: false }));
  };
}

/** For the API keys' routes. */
export const requireEmployerAccount = requireEmployerAccountFor(EMPLOYER_ACCOUNT_MESSAGE);

/** Teams (issue 28) are made of employer accounts; a provider's session is told so. */
export const TEAM_ACCOUNT_MESSAGE = 'Teams are made of employer accounts.';

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
