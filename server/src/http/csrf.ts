import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { forbidden } from './errors';

// Synchronizer tokens: GET /api/csrf-token puts a random token in the session and returns it; every
// state-changing request must echo it in X-CSRF-Token. SameSite=Lax cookies are a second layer.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'Invalid or missing CSRF token';

export function issueCsrfToken(req: Request): string {
  if (!req.session.csrfToken) {
    req.session.csrfToken = randomBytes(32).toString('base64url');
    req.session.startedAt ??= Date.now();
  }
  return req.session.csrfToken;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Rejects unsafe methods without the session's token. `exempt` paths change nothing (read-only
 * POSTs). Stripe's webhook never reaches this: it is mounted before, and its signature proves the sender.
 */
export function requireCsrf(exempt: string[] = []): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt.includes(req.path)) return next();
    // Made with an employer API key (http/api-key-auth.ts), not with the session's cookie: a
    // forged cross-site request cannot carry the Authorization header, so there is nothing to guard.
    if (req.apiKey) return next();
    const sent = req.get(CSRF_HEADER);
    const expected = req.session?.csrfToken;
    if (!sent || !expected || !sameToken(sent, expected)) return next(forbidden(CSRF_MESSAGE));
    next();
  };
}
