import { normalizeEmail, normalizeUsername } from '@agentry/domain/email';
import { ProgressiveDelay } from '@agentry/platform/rate-limit/progressive-delay';
import { RateLimitStoreHealth } from '@agentry/platform/rate-limit/store-health';
import type { Request, RequestHandler, Response } from 'express';
import { DEVICE_FAILURES_PER_15_MINUTES, type SignInKind, type TrustedDevices } from '../auth/trusted-device';
import { limiterFactory, type SharedCounting } from './rate-limits';

// Per-account sign-in throttling that cannot be turned against the owner (issue 21, finding 5;
// SECURITY.md, "Sign-in throttling"). Before: ten wrong passwords for a username, from anywhere,
// refused the right one from everywhere for 15 minutes. Now:
//  - a browser the account signed in from before (its trusted-device cookie) is never slowed by
//    others' guesses; it meets only the per-client limits (rate-limits.ts) and, past
//    DEVICE_FAILURES_PER_15_MINUTES failures of its own, counts as a stranger's;
//  - every other attempt goes through a progressive delay per account: the free attempts at once,
//    then one attempt per delay, doubling up to the cap. Nothing is locked: the owner arriving
//    after the delay gets in, and the guesser with many addresses gets a handful of guesses an hour.
// Attempts that end with a success (or a 503: no password was checked) are given back.

export interface AccountThrottleSettings {
  /** Attempts per account per day from browsers it does not know, before the delays start. */
  freeAttempts: number;
  /** The longest delay between two such attempts. */
  maxDelayMs: number;
}

export const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const FIRST_DELAY_MS = 1_000;

/** "Please wait 5 minutes": the wait in words a person reads. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const tooManyAttemptsOnAccount = (seconds: number) =>
  `Too many sign-in attempts on this account. Please wait ${waitInWords(seconds)} and try again.`;

/** Not a guess: the request never reached the password check (the hashing queue was full). */
const wasNotAGuess = (res: Response) => res.statusCode < 400 || res.statusCode === 503;

export interface AccountThrottle {
  /** Middleware: lets the attempt on the account the request names through, or answers 429. */
  check: RequestHandler;
  /**
   * After a complete sign-in: this browser becomes one the account knows (before the answer). The
   * account as the request named it, or as given.
   */
  remember(req: Request, res: Response, account?: string): void;
}

interface ThrottleSpec {
  kind: SignInKind;
  delay: ProgressiveDelay;
  /** The account the request names (after validation), or null to let it pass (the route refuses it). */
  accountOf: (req: Request) => string | null;
  /** Whether a trusted-device cookie skips the delay (not for second-factor codes). */
  trustDevices: boolean;
  /** How a name given to remember() is keyed, as accountOf keys the request's. */
  keyOf: (name: string) => string;
}

export function createAccountThrottles(
  settings: AccountThrottleSettings,
  shared: SharedCounting | undefined,
  devices: TrustedDevices,
) {
  const health = shared?.store ? new RateLimitStoreHealth(shared.logger) : null;
  const delay = (name: string) =>
    new ProgressiveDelay({
      name,
      freeAttempts: settings.freeAttempts,
      baseDelayMs: FIRST_DELAY_MS,
      maxDelayMs: settings.maxDelayMs,
      windowMs: ACCOUNT_WINDOW_MS,
      store: shared?.store ?? null,
      health,
    });
  const deviceFailures = limiterFactory(shared).strict(
    'sign-in-device',
    DEVICE_FAILURES_PER_15_MINUTES,
    15 * 60 * 1000,
  );

  const throttle = ({ kind, delay, accountOf, trustDevices, keyOf }: ThrottleSpec): AccountThrottle => ({
    check: (req, res, next) => {
      const account = accountOf(req);
      if (account === null) return next();
      const run = async () => {
        const device = trustDevices ? devices.deviceOf(req, kind, account) : null;
        if (device !== null) {
          const key = `${kind}:${device}`;
          if ((await deviceFailures.hit(key)).remaining >= 0) {
            res.once('finish', () => wasNotAGuess(res) && deviceFailures.refund(key));
            return next();
          }
          // Too many failures from this cookie: it is treated as a stranger's from now on.
        }
        const key = `${kind}:${account}`;
        const answer = await delay.acquire(key);
        if (!answer.allowed) {
          res.setHeader('Retry-After', String(answer.retryAfterSeconds));
          res.status(429).json({ success: false, error: tooManyAttemptsOnAccount(answer.retryAfterSeconds) });
          return;
        }
        res.once('finish', () => {
          if (res.statusCode < 400) delay.succeeded(key, answer.attempt);
          else if (res.statusCode === 503) delay.succeeded(key, 1);
        });
        next();
      };
      run().catch(next);
    },
    remember: (req, res, given) => {
      const account = given === undefined ? accountOf(req) : keyOf(given);
      if (account !== null && trustDevices) devices.remember(res, kind, account);
    },
  });

  const bodyField = (field: string, keyOf: (name: string) => string) => (req: Request) => {
    const value: unknown = req.body?.[field];
    return typeof value === 'string' ? keyOf(value) : null;
  };
  return {
    /** POST /api/auth/login: the e-mail. */
    user: throttle({
      kind: 'user',
      delay: delay('sign-in-account'),
      accountOf: bodyField('email', normalizeEmail),
      trustDevices: true,
      keyOf: normalizeEmail,
    }),
    /** POST /api/admin/login: the username (a key space of its own). */
    admin: throttle({
      kind: 'admin',
      delay: delay('admin-sign-in-account'),
      accountOf: bodyField('username', normalizeUsername),
      trustDevices: true,
      keyOf: normalizeUsername,
    }),
    /**
     * POST /api/admin/login/totp: the admin whose password was just checked. Only someone who knows
     * the password gets here, and a trusted browser does not skip the second factor's throttle.
     */
    adminCode: throttle({
      kind: 'admin',
      delay: delay('admin-code-account'),
      accountOf: (req) => req.session?.pendingAdmin?.id ?? null,
      trustDevices: false,
      keyOf: (id) => id,
    }),
  };
}

export type AccountThrottles = ReturnType<typeof createAccountThrottles>;
