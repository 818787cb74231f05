import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet with a strict Content-Security-Policy the client is built to live with: scripts and
 * styles only from our origin (no inline code; JSON-LD data blocks are not executed so need no
 * exception), no framing, no plugins. HTTPS upgrades only where the public URL is HTTPS.
 */
type Directives = Record<string, unknown[]>;

/** The Content-Security-Policy's directives: constant strings only (securityHeaders relies on it). */
export function cspDirectives(options: { httpsOnly: boolean }): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Refuses, at start, a directive value that is not a plain string: helmet calls a function value
 * (a nonce, say) per request, but securityHeaders runs helmet once, so such a value would be
 * frozen into every response (one nonce for every page: no protection at all).
 */
export function assertConstantDirectives(directives: Directives): void {
  for (const [name, values] of Object.entries(directives)) {
    if (!values.every((value) => typeof value === 'string')) {
      throw new Error(
        `security headers: the CSP directive ${name} has a value that is not a string; headers are worked out once at start, so a per-request value (a nonce) would be the same on every response`,
      );
    }
  }
}

/**
 * Helmet with a strict Content-Security-Policy the client is built to live with: scripts and
 * styles only from our origin (no inline code; JSON-LD data blocks are not executed so need no
 * exception), no framing, no plugins. HTTPS upgrades only where the public URL is HTTPS.
 */
export function helmetMiddleware(options: { httpsOnly: boolean }, directives = cspDirectives(options)) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives as never },
    strictTransportSecurity: options.httpsOnly ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * Helmet's headers, worked out once: with these options none depends on the request (no nonce, no
 * function in a directive), so what its chain of a dozen middlewares sets on a response is taken
 * down at start and set again on every response (issue 24: a request's time is spent in small
 * parts, this one of them). Whatever helmet would remove is removed too.
 */
export function securityHeaders(
  options: { httpsOnly: boolean },
  directives: Directives = cspDirectives(options),
): RequestHandler {
  assertConstantDirectives(directives);
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmetMiddleware(options, directives)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet sets its headers synchronously; a version that did not would be caught here, at start.
  if (!done) throw new Error('security headers: helmet did not finish at once');
  return (_req, res: ServerResponse, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
