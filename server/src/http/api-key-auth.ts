import type { ApiKey, User } from '@agentry/platform/store/port';
import type { Request, RequestHandler } from 'express';
import { bearerTokenOf } from '../auth/api-key-tokens';
import { authenticateApiKey, INVALID_TOKEN_CHALLENGE, type KeyHolder } from '../auth/authenticate-api-key';
import type { AppContext } from '../context';

declare global {
  namespace Express {
    interface Request {
      /** The employer API key this request was made with (Authorization: Bearer); then req.user is its account. */
      apiKey?: ApiKey;
      /** What identifyApiKey found for the request's bearer token: its key and account, or why it was refused. */
      apiKeyCheck?: { holder: KeyHolder } | { refused: unknown };
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
 * Finds the key of an `Authorization: Bearer <key>` header, before the rate limits: a request made
 * with a valid key is charged to the key's own budget and its work queued under the key
 * (rate-limits.ts' clientKey), not to its address, so two assistants behind one address do not
 * share a budget and one key does not get a fresh one by changing address. A token that is no
 * valid key changes nothing here: the request is charged to its address, like any other, and
 * refused after that (apiKeyAuth, mcp/caller.ts), so a made-up key never buys a budget of its own.
 * What it costs before the limit is one SHA-256 and one indexed read of the store (none when the
 * token is not shaped like a key), less than the request's own parsing.
 */
export function identifyApiKey({ store, apiKeyLastUse, services }: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerTokenOf(req.get('authorization'));
    if (token === null) return next();
    try {
      const holder = await authenticateApiKey({ store, lastUse: apiKeyLastUse, now: services.now }, token);
      req.apiKey = holder.key;
      req.apiKeyCheck = { holder };
    } catch (error) {
      req.apiKeyCheck = { refused: error };
    }
    next();
  };
}

/** The account of the request's valid API key; throws the refusal of an invalid one; null without a header. */
export function apiKeyHolderOf(req: Request): KeyHolder | null {
  const check = req.apiKeyCheck;
  if (!check) return null;
  if ('refused' in check) throw check.refused;
  return check.holder;
}

/**
 * A request with `Authorization: Bearer <key>` acts as the key's account, whatever session cookie
 * rides along; without the header it goes on as it came. A bad key is 401 with a WWW-Authenticate
 * challenge, never a fall back to the session. Such requests need no CSRF token (csrf.ts): a page
 * on another site can neither read a key nor add the header to a request it forges. Runs after the
 * sessions (so the key's account wins over a cookie's), on what identifyApiKey found.
 */
export const apiKeyAuth: RequestHandler = (req, res, next) => {
  try {
    const holder = apiKeyHolderOf(req);
    if (holder) req.user = holder.user as User;
    next();
  } catch (error) {
    res.set('WWW-Authenticate', INVALID_TOKEN_CHALLENGE);
    next(error);
  }
};
