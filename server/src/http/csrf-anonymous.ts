import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { cookieValue } from './cookies';

// A visitor who is not signed in gets a CSRF token that stores nothing (OWASP's signed double-submit
// cookie): a random nonce in an HttpOnly cookie, and as the token an HMAC of that nonce under a key
// derived from SESSION_SECRET. A request is genuine when its X-CSRF-Token is the HMAC of the nonce
// its own cookie carries. Another site can neither read the token (no CORS on /api/csrf-token) nor
// make it (no key), and another visitor's token fails against this browser's nonce. Before this,
// every anonymous GET /api/csrf-token stored a session for its token (SECURITY.md, "Session 13's
// attack": about 72,000 rows per address within the read limit).

export type CsrfKind = 'user' | 'admin';

/** The nonce's cookie: sent to the API only (the admin's to the admin API only), never read by scripts. */
export const ANONYMOUS_CSRF_COOKIES: Record<CsrfKind, { name: string; path: string }> = {
  user: { name: 'agentry.csrf', path: '/api' },
  admin: { name: 'agentry.admin-csrf', path: '/api/admin' },
};

const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** Compares two tokens in constant time (for equal lengths; a token's length is no secret). */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class AnonymousCsrf {
  private readonly key: Buffer;
  private readonly cookie: { name: string; path: string };

  constructor(
    kind: CsrfKind,
    sessionSecret: string,
    private readonly secureCookies: boolean,
  ) {
    // A key of its own: a token is then never also a valid signature of a session cookie (which
    // express-session signs with SESSION_SECRET itself), nor a user's token an admin's.
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'agentry', `anonymous csrf ${kind}`, 32));
    this.cookie = ANONYMOUS_CSRF_COOKIES[kind];
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.key).update(nonce).digest('base64url');
  }

  private nonceOf(req: Request): string | undefined {
    const nonce = cookieValue(req, this.cookie.name);
    return nonce && NONCE.test(nonce) ? nonce : undefined;
  }

  /**
   * The token for this browser: of its nonce if it has one (so several tabs share one token), else
   * of a new nonce whose cookie goes with the answer. Nothing is stored on the server.
   */
  issue(req: Request, res: Response): string {
    const held = this.nonceOf(req);
    if (held) return this.sign(held);
    const nonce = randomBytes(32).toString('base64url');
    // As express-session does: a Secure cookie is not sent over a plain-http request at all.
    if (!this.secureCookies || req.secure) res.cookie(this.cookie.name, nonce, this.cookieOptions());
    return this.sign(nonce);
  }

  /** Whether `sent` is the token of the nonce this request's own cookie carries (constant time). */
  verify(req: Request, sent: string): boolean {
    const nonce = this.nonceOf(req);
    return nonce !== undefined && sameToken(sent, this.sign(nonce));
  }

  /**
   * Ends the browser's anonymous token (at sign-in, sign-up and a password reset): the next token it
   * is given is its session's, or that of a new nonce; one read before is worth nothing after.
   */
  forget(req: Request, res: Response): void {
    if (cookieValue(req, this.cookie.name) === undefined) return;
    res.clearCookie(this.cookie.name, this.cookieOptions());
  }

  private cookieOptions(): CookieOptions {
    // Strict: the token is only ever needed by this site's own scripts. No Max-Age: it lasts while
    // the browser does (the nonce alone gives nothing; a signed-in visitor's token is the session's).
    return { path: this.cookie.path, httpOnly: true, sameSite: 'strict', secure: this.secureCookies };
  }
}
