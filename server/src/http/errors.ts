import type { Logger } from '@agentry/platform/log/logger';
import { PaymentsUnavailableError } from '@agentry/platform/payments/port';
import { STORE_RETRY_AFTER_SECONDS, StoreUnavailableError } from '@agentry/platform/store/store-unavailable';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HashingBusyError } from '../auth/hashing-gate';
import { redactUrl } from './request-log';

// Errors carry a status and a message meant for people; anything else becomes a generic 500 so
// that internals (stack traces, SQL, hostnames) never leak to clients.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication required', extra?: Record<string, unknown>) =>
  new HttpError(401, message, extra);
export const forbidden = (message = 'Forbidden', extra?: Record<string, unknown>) =>
  new HttpError(403, message, extra);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);
/** A limit a command counts itself (not a rate-limit middleware's): 429 with Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'The payment service is not available right now. Please try again in a few minutes.';

/** A write refused because the store's disk is full or read-only: nothing was saved, so trying again is safe. */
export const STORE_UNAVAILABLE_MESSAGE =
  'The service cannot save changes right now. Please try again in a minute.';

/** More sign-ins and sign-ups at once than the password hashing queue holds (auth/hashing-gate.ts). */
export const HASHING_BUSY_MESSAGE =
  'Too many people are signing in right now. Please try again in a few seconds.';

/** What the body parsers found wrong with a request (their error's `type`), said for people. */
const REQUEST_PROBLEMS: Record<string, string> = {
  'entity.parse.failed': 'Malformed request body',
  'entity.too.large': 'Request body is too large',
  'charset.unsupported': 'Unsupported charset: send the body as UTF-8',
  'encoding.unsupported': 'Unsupported Content-Encoding: send the body as it is, or gzip, deflate or br',
  'request.size.invalid': 'The request body is not as long as its Content-Length says',
  'request.aborted': 'The request ended before its body did',
};

/** The message of a middleware's 4xx (its own message may echo the request, so it is not used). */
function clientErrorMessage(error: { type?: unknown }, status: number): string {
  // The router could not percent-decode a part of the path (e.g. /api/agents/%ff).
  if (error instanceof URIError) return 'Malformed URL: a part of the path is not valid percent-encoding';
  const known = typeof error.type === 'string' ? REQUEST_PROBLEMS[error.type] : undefined;
  if (known) return known;
  return status === 413
    ? 'Request body is too large'
    : status === 400
      ? 'Malformed request body'
      : 'Bad request';
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`));
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error instanceof HttpError) {
      res
        .set(error.headers)
        .status(error.status)
        .json({ error: error.message, ...error.extra });
      return;
    }
    if (error instanceof PaymentsUnavailableError) {
      // The payment provider failed or refused: say so, keep its details in the log only.
      logger.error({ err: error, method: req.method, url: req.path }, 'payment provider call failed');
      if (!res.headersSent) res.status(503).json({ error: PAYMENTS_UNAVAILABLE_MESSAGE, success: false });
      return;
    }
    if (error instanceof HashingBusyError) {
      logger.warn({ method: req.method, url: redactUrl(req.originalUrl) }, 'password hashing queue full');
      if (res.headersSent) return;
      res.set('Retry-After', '5');
      res.status(503).json({ error: HASHING_BUSY_MESSAGE, success: false });
      return;
    }
    if (error instanceof StoreUnavailableError) {
      // Reads go on; the cause (disk full, read-only) is for the operator, in the log only.
      logger.error(
        { err: error.cause, fault: error.fault, method: req.method, url: redactUrl(req.originalUrl) },
        'store cannot save',
      );
      if (res.headersSent) return;
      res.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: STORE_UNAVAILABLE_MESSAGE, success: false });
      return;
    }
    // Body parser and similar middleware errors carry their own status (400, 413, 415).
    const status =
      typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status < 500) {
      res.status(status).json({ error: clientErrorMessage(error, status) });
      return;
    }
    logger.error({ err: error, method: req.method, url: redactUrl(req.originalUrl) }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).json({ error: 'Internal server error' });
  };
}
