import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Logger } from '@agentry/platform/log/logger';
import type { RequestHandler } from 'express';
import { nameRequest } from './long-task-trace';
import { markArrival } from './phase-timing';

// One structured log line per request (id, method, path, status, duration), with the request id
// echoed in X-Request-Id. Written by hand because a general-purpose request logger costs as much
// per request as a whole search answered from the cache.

const QUIET_PATHS = new Set(['/healthz', '/livez', '/readyz']);

/** Query parameters that carry capabilities (one-time links, checkout sessions): never written to a log. */
const SECRET_PARAMS = /([?&](?:token|session_id)=)[^&#]*/gi;
/** Test-mode checkout ids in a path are capabilities too (whoever has one can pay it). */
const CHECKOUT_IN_PATH = /(\/(?:checkout\/test|test-checkout)\/)cs_test_[A-Za-z0-9]+/g;
/** So are a team invitation's secrets, read by the link's page (issue 28). */
const INVITATION_IN_PATH = /(\/api\/team-invitations\/)(?!accept(?:[/?#]|$))[^/?#]+/g;

export const redactUrl = (url: string) =>
  url
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(CHECKOUT_IN_PATH, '$1[redacted]')
    .replace(INVITATION_IN_PATH, '$1[redacted]');

declare module 'express-serve-static-core' {
  interface Request {
    id?: string;
  }
}

/**
 * Adds `app;dur=MS` to the answer's Server-Timing as its head is written: the server's time from
 * the request reaching Express to its answer's head. The load benchmark reads it beside its own
 * clock (issue 24: is an open loop's p99 the server's work, or the wait before the server read the
 * request, or the generator's?); a browser's dev tools show it too.
 */
export function timeAnswer(
  res: ServerResponse,
  arrivedAt: number,
  now: () => number = performance.now.bind(performance),
) {
  const writeHead = res.writeHead;
  res.writeHead = function timedWriteHead(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) this.appendHeader('Server-Timing', `app;dur=${(now() - arrivedAt).toFixed(1)}`);
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    req.id = id;
    nameRequest(req.method, req.path);
    markArrival(res);
    res.setHeader('X-Request-Id', id);
    if (QUIET_PATHS.has(req.path)) return next();
    const started = res.locals.arrivedAt as number;
    timeAnswer(res, started);
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          method: req.method,
          url: redactUrl(req.originalUrl),
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}
