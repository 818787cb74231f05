import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { AnonymousCsrf, type CsrfKind, sameToken } from './csrf-anonymous';
import { forbidden } from './errors';

// Every state-changing request must echo a token in X-CSRF-Token; SameSite cookies are a second
// layer. Two kinds of token, one route to read them (GET /api/csrf-token, /api/admin/csrf-token):
// - a signed-in visitor's is a synchronizer token kept in their session (bound to it, gone with it);
// - anyone else's is a signed double-submit token that stores nothing (csrf-anonymous.ts), so
//   reading one costs the server no session row. Signing in, signing up and resetting a password
//   take it, and the answer of a sign-in carries the new session's token instead.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'Invalid or missing CSRF token';

export interface CsrfOptions {
  /** SESSION_SECRET: the anonymous tokens' key is derived from it. */
  secret: string;
  /** Whether cookies are Secure (PUBLIC_URL is https), as the sessions' are. */
  secureCookies: boolean;
}

/** The token kept in the session: made once per session (a new session at sign-in makes a new one). */
export function sessionCsrfToken(req: Request): string {
  if (!req.session.csrfToken) {
    req.session.csrfToken = randomBytes(32).toString('base64url');
    req.session.startedAt ??= Date.now();
  }
  return req.session.csrfToken;
}

export class CsrfTokens {
  private readonly anonymous: AnonymousCsrf;

  /** `holdsSession`: whether the request's session is one a token must be bound to (someone signed in). */
  constructor(
    kind: CsrfKind,
    options: CsrfOptions,
    private readonly holdsSession: (req: Request) => boolean,
  ) {
    this.anonymous = new AnonymousCsrf(kind, options.secret, options.secureCookies);
  }

  /** The token the csrf-token route answers: the session's for someone signed in, else a stateless one. */
  issue(req: Request, res: Response): string {
    return req.session && this.holdsSession(req) ? sessionCsrfToken(req) : this.anonymous.issue(req, res);
  }

  /**
   * Someone has just signed in on a new session: its own token, and the anonymous one ended, so
   * the token the sign-in was sent with is worth nothing from now on (it rotates).
   */
  signedIn(req: Request, res: Response): string {
    this.anonymous.forget(req, res);
    return sessionCsrfToken(req);
  }

  /** Ends the anonymous token (a password reset: whoever asked starts afresh, with a new nonce). */
  forgetAnonymous(req: Request, res: Response): void {
    this.anonymous.forget(req, res);
  }

  /**
   * Rejects unsafe methods without a valid token. `exempt` paths change nothing (read-only POSTs).
   * Stripe's webhook never reaches this: it is mounted before, and its signature proves the sender.
   */
  guard(exempt: string[] = []): RequestHandler {
    return (req, _res, next) => {
      if (SAFE_METHODS.has(req.method) || exempt.includes(req.path)) return next();
      // Made with an employer API key (http/api-key-auth.ts), not with the session's cookie: a
      // forged cross-site request cannot carry the Authorization header, so there is nothing to guard.
      if (req.apiKey) return next();
      next(this.accepts(req) ? undefined : forbidden(CSRF_MESSAGE));
    };
  }

  private accepts(req: Request): boolean {
    const sent = req.get(CSRF_HEADER);
    if (!sent) return false;
    // The session's token if it has one (a session an anonymous token was once stored in, before
    // the anonymous ones stored nothing, keeps working until it ends).
    const kept = req.session?.csrfToken;
    if (kept && sameToken(sent, kept)) return true;
    // A signed-in visitor's changes need the session's token: an anonymous one never speaks for an account.
    if (req.session && this.holdsSession(req)) return false;
    return this.anonymous.verify(req, sent);
  }
}

/** Providers' and employers' tokens: bound to the session once someone is signed in to it. */
export function userCsrf(options: CsrfOptions): CsrfTokens {
  return new CsrfTokens('user', options, (req) => Boolean(req.user));
}

/** Staff tokens: bound to the admin session once it holds an admin, or one awaiting the second factor. */
export function adminCsrf(options: CsrfOptions): CsrfTokens {
  return new CsrfTokens('admin', options, (req) => Boolean(req.session.adminId || req.session.pendingAdmin));
}
