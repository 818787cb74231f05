import type { ApiKey } from '@agentry/platform/store/employer-port';
import type { RequestHandler } from 'express';
import { bearerTokenOf } from '../auth/api-key-tokens';
import { authenticateApiKey, INVALID_TOKEN_CHALLENGE } from '../auth/authenticate-api-key';
import type { AppContext } from '../context';

declare global {
  namespace Express {
    interface Request {
      /** The employer API key this request was made with (Authorization: Bearer); then req.user is its account. */
      apiKey?: ApiKey;
    }
  }
}

/**
 * The employer endpoints an API key opens (paths under /api): the employer tools themselves. Not
 * the keys' own endpoints (/employer/api-keys): a key cannot make or revoke keys, only a session.
 */
export const API_KEY_PATHS = [
  '/employer/instantsearch/multi-search',
  '/compare',
  '/shortlists',
  '/contact-requests',
  '/employer/requests',
];

/**
 * A request with `Authorization: Bearer <key>` acts as the key's account, whatever session cookie
 * rides along; without the header it goes on as it came. A bad key is 401 with a WWW-Authenticate
 * challenge, never a fall back to the session. Such requests need no CSRF token (csrf.ts): a page
 * on another site can neither read a key nor add the header to a request it forges.
 */
export function apiKeyAuth({ store, apiKeyLastUse, services }: AppContext): RequestHandler {
  return async (req, res, next) => {
    const token = bearerTokenOf(req.get('authorization'));
    if (token === null) return next();
    try {
      const { key, user } = await authenticateApiKey(
        { store, lastUse: apiKeyLastUse, now: services.now },
        token,
      );
      req.user = user;
      req.apiKey = key;
      next();
    } catch (error) {
      res.set('WWW-Authenticate', INVALID_TOKEN_CHALLENGE);
      next(error);
    }
  };
}
