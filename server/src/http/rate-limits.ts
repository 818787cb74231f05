import type { Logger } from '@agentry/platform/log/logger';
import {
  type BatchedLimiterOptions,
  BatchedSharedLimiter,
} from '@agentry/platform/rate-limit/batched-shared-limiter';
import { FixedWindowLimiter } from '@agentry/platform/rate-limit/fixed-window-limiter';
import type { HitAnswer, Limiter } from '@agentry/platform/rate-limit/limiter';
import type { RateLimitStore } from '@agentry/platform/rate-limit/port';
import { RateLimitStoreHealth } from '@agentry/platform/rate-limit/store-health';
import { StrictSharedLimiter } from '@agentry/platform/rate-limit/strict-shared-limiter';
import type { Request, RequestHandler, Response } from 'express';
import { clientAddressKey } from './client-address';

// Per-client limits in fixed windows of one minute (fifteen for sign-in, an hour for sign-ups).
// Reads are generous (people type fast and pages fetch several lists); sign-in is strict to slow
// down password guessing (failed attempts) and bounded for everyone (every attempt costs a password
// hash, so a successful one counts too); other state changes sit in between. Per-account sign-in
// throttling, which must not lock the owner out, is account-throttle.ts. Responses carry the IETF
// RateLimit headers.
//
// The counts live in the store every API process shares (RATE_LIMIT_STORE=store, the default), so
// WEB_CONCURRENCY workers and several containers meet one limit: sign-in and sign-ups are counted
// there on every attempt (rare, and they must be exact); reads and writes are counted in the
// process and sent in batches every RATE_LIMIT_SYNC_MS (a store call per read would cost too much),
// passing a limit by at most what a client sends in about two such intervals
// (platform/src/rate-limit/batched-shared-limiter.ts). A failing store leaves each process limiting
// alone, as with RATE_LIMIT_STORE=memory.

export interface RateLimitSettings {
  /** POST paths that only read (InstantSearch): counted as reads. */
  readOnlyPaths: string[];
  readsPerMinute: number;
  writesPerMinute: number;
  /** Failed sign-ins per client per 15 minutes (both sign-in forms together). */
  loginsPer15Minutes: number;
  /** Every sign-in attempt per client per 15 minutes, successful ones included (each costs a hash). */
  signInAttemptsPer15Minutes: number;
  /** Registrations, new accounts and password-reset requests per client per hour. */
  signupsPerHour: number;
}

export interface SharedCounting {
  /** The store every API process shares; null to count in this process only. */
  store: RateLimitStore | null;
  /** How often read and write counts are sent to the store. */
  syncMs: number;
  logger: Logger;
}

/**
 * Whom a limit counts (and whose turn a unit of work takes, fair-turns.ts): the employer
 * organization of a valid API key when the request carries one (api-key-auth.ts' identifyApiKey
 * found it; the subscriber's account, whose plan a team's keys ride on), else the client's address
 * (X-Forwarded-For only with TRUST_PROXY). Every key of an organization, its members' too, shares
 * one budget wherever it is used from (a key per seat and ten per person multiplied it: session
 * 13's attack); two employers' assistants behind one address have one each, and a key moved to
 * another address keeps what it spent. An invalid key is no key: charged to the address. An IPv6
 * address counts as its /56 block (client-address.ts): one client rotating the addresses of its
 * block is one client.
 */
export const clientKey = (req: Request) => {
  const check = req.apiKeyCheck;
  if (check && 'holder' in check) return `employer:${check.holder.scope.ownerId}`;
  return req.apiKey ? `api-key:${req.apiKey.id}` : clientAddressKey(req.ip ?? req.socket.remoteAddress);
};

/** How a refusal is said: JSON for the API; a page for an address a person opened (pageRefusal). */
type Refuse = (res: Response, message: string, retryAfterSeconds: number) => void;

const refuseWithJson: Refuse = (res, message) => {
  res.status(429).json({ error: message });
};

/**
 * A person who opens pages faster than the read limit allows gets a page saying so, not the API's
 * JSON (the newcomer's try in session 13 met a bare `{"error":…}` in the browser). The message is a
 * constant and the wait a number, so nothing in it needs escaping.
 */
export const pageRefusal: Refuse = (res, message, retryAfterSeconds) => {
  res
    .status(429)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests · Rolecall</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head>` +
        `<body><main><h1>${message}</h1><p>Please wait ${retryAfterSeconds} seconds, then reload this page.</p>` +
        `<p><a href="/">Rolecall home</a></p></main></body></html>`,
    );
};

interface LimitOptions {
  applies?: (req: Request) => boolean;
  /** How the 429 is said (JSON unless told). */
  refuse?: Refuse;
  /** Only failed requests (status 400 and up) keep their count: sign-in. */
  countOnlyFailures?: boolean;
  keyOf?: (req: Request) => string | null;
}

/** Sets the RateLimit headers and refuses with 429 once the limit is passed; true when the request may go on. */
function answerWith(
  limiter: Limiter,
  message: string,
  { remaining, resetSeconds }: HitAnswer,
  res: Response,
  refuse: Refuse = refuseWithJson,
): boolean {
  // Several limits apply to a sign-in (writes, per client, per account), and a batch is charged after
  // the door's count: the headers show the answer with the fewest requests left, which is the one
  // that refuses when one does.
  const shown = res.locals.rateLimitRemaining as number | undefined;
  if (shown === undefined || remaining < shown) {
    res.locals.rateLimitRemaining = remaining;
    res.setHeader('RateLimit-Policy', limiter.policy);
    res.setHeader(
      'RateLimit',
      `limit=${limiter.limit}, remaining=${Math.max(0, remaining)}, reset=${resetSeconds}`,
    );
  }
  if (remaining >= 0) return true;
  res.setHeader('Retry-After', String(resetSeconds));
  refuse(res, message, resetSeconds);
  return false;
}

export function limitWith(limiter: Limiter, message: string, options: LimitOptions = {}): RequestHandler {
  const { applies = () => true, countOnlyFailures = false, keyOf = clientKey, refuse } = options;
  const answer = (key: string, hit: HitAnswer, res: Response, next: () => void) => {
    if (!answerWith(limiter, message, hit, res, refuse)) return;
    if (countOnlyFailures) res.once('finish', () => res.statusCode < 400 && limiter.refund(key));
    next();
  };
  return (req, res, next) => {
    if (!applies(req)) return next();
    const key = keyOf(req);
    if (key === null) return next();
    const counted = limiter.hit(key);
    // The batched and in-memory limiters answer at once: no promise on the reads' path.
    if (counted instanceof Promise) counted.then((hit) => answer(key, hit, res, next), next);
    else answer(key, counted, res, next);
  };
}

/**
 * Charges the rest of a request's work to the client's budget of `limiter`: `unitsOf(req)` units
 * in all (each search of a multi-search, each message of an MCP batch), of which the door's limiter
 * counted one already. Runs after the body is parsed; refuses with 429 when the budget does not
 * hold them all, so a 20-search POST costs what 20 searches cost.
 */
function chargeWith(limiter: Limiter, message: string) {
  return (unitsOf: (req: Request) => number): RequestHandler =>
    (req, res, next) => {
      const extra = Math.floor(unitsOf(req)) - 1;
      if (!(extra >= 1)) return next();
      const counted = limiter.hit(clientKey(req), extra);
      const answer = (hit: HitAnswer) => answerWith(limiter, message, hit, res) && next();
      if (counted instanceof Promise) counted.then(answer, next);
      else answer(counted);
    };
}

/** Two middlewares as one: the second runs when the first lets the request through. */
const inTurn =
  (first: RequestHandler, second: RequestHandler): RequestHandler =>
  (req, res, next) =>
    first(req, res, (error?: unknown) => (error ? next(error) : second(req, res, next)));

/** The limiters of RATE_LIMIT_STORE: shared through the store, or this process's memory. */
export function limiterFactory(shared: SharedCounting | undefined) {
  const health = shared?.store ? new RateLimitStoreHealth(shared.logger) : null;
  const make = (
    name: string,
    limit: number,
    windowMs: number,
    kind: 'strict' | BatchedLimiterOptions['firstHit'],
  ): Limiter => {
    if (!shared?.store || !health) return new FixedWindowLimiter(limit, windowMs);
    const options = { name, limit, windowMs, store: shared.store, health };
    return kind === 'strict'
      ? new StrictSharedLimiter(options)
      : new BatchedSharedLimiter({ ...options, syncMs: shared.syncMs, firstHit: kind });
  };
  return {
    /** firstHit 'local': a client's first hit here goes with the next batch (batched-shared-limiter.ts). */
    batched: (
      name: string,
      limit: number,
      windowMs: number,
      firstHit: BatchedLimiterOptions['firstHit'] = 'store',
    ) => make(name, limit, windowMs, firstHit),
    strict: (name: string, limit: number, windowMs: number) => make(name, limit, windowMs, 'strict'),
  };
}

export function createRateLimits(settings: RateLimitSettings, shared?: SharedCounting) {
  const isRead = (req: Request) =>
    req.method === 'GET' ||
    req.method === 'HEAD' ||
    req.method === 'OPTIONS' ||
    settings.readOnlyPaths.includes(req.path);
  const limiters = limiterFactory(shared);
  const slowDown = 'Too many requests, please slow down';
  const tooManyLogins = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
  const minute = 60_000;
  // A visitor's first read at a process waits for no store call: counted here, sent with the batch.
  const reads = limiters.batched('reads', settings.readsPerMinute, minute, 'local');
  return {
    reads: limitWith(reads, slowDown, { applies: isRead }),
    /** The same reads, counted for a page the server renders: its refusal is a page (web.routes.ts). */
    pageReads: limitWith(reads, slowDown, { applies: isRead, refuse: pageRefusal }),
    /** Charges the reads a request's body asks for beyond the one counted at the door (request-costs.ts). */
    chargeReads: chargeWith(reads, slowDown),
    writes: limitWith(limiters.batched('writes', settings.writesPerMinute, minute), slowDown, {
      applies: (req) => !isRead(req),
    }),
    /** Both sign-in forms: every attempt per client, then failed attempts per client. */
    login: inTurn(
      limitWith(
        limiters.strict('sign-in-attempts', settings.signInAttemptsPer15Minutes, 15 * minute),
        tooManyLogins,
      ),
      limitWith(limiters.strict('login', settings.loginsPer15Minutes, 15 * minute), tooManyLogins, {
        countOnlyFailures: true,
      }),
    ),
    signups: limitWith(
      limiters.strict('signups', settings.signupsPerHour, 60 * minute),
      'Too many sign-ups from your network. Please try again in an hour.',
    ),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
