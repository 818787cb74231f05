import type { Request, RequestHandler } from 'express';

// Per-client limits in fixed one-minute (or fifteen-minute) windows, kept in memory. Reads are
// generous (people type fast and pages fetch several lists); sign-in is strict to slow down
// password guessing and counts only failed attempts; other state changes sit in between.
// Responses carry the IETF RateLimit headers. Behind several API processes, put the limits in the
// proxy instead (documented in the README).

export interface RateLimitSettings {
  /** POST paths that only read (InstantSearch): counted as reads. */
  readOnlyPaths: string[];
  readsPerMinute: number;
  writesPerMinute: number;
  loginsPer15Minutes: number;
  /** Failed sign-ins per account (e-mail) per 15 minutes, whatever address they come from. */
  loginsPerAccountPer15Minutes: number;
  /** Registrations, new accounts and password-reset requests per client per hour. */
  signupsPerHour: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit for the key; returns what is left in its window. */
  hit(key: string, now = Date.now()): { remaining: number; resetSeconds: number } {
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { remaining: this.limit - window.count, resetSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  /** Takes back a hit (sign-in counts failures only). */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  get policy(): string {
    return `${this.limit};w=${Math.round(this.windowMs / 1000)}`;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + this.windowMs;
  }
}

const clientKey = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The account a sign-in names, so guessing one account's password from many addresses is slowed too. */
const accountKey = (req: Request) => {
  const email: unknown = req.body?.email;
  if (typeof email === 'string') return `account:${email.trim().toLowerCase()}`;
  // The admin sign-in names a username: its own key space, so it never shares a user's count.
  const username: unknown = req.body?.username;
  return typeof username === 'string' ? `admin:${username.trim().toLowerCase()}` : null;
};

function limitWith(
  limiter: FixedWindowLimiter,
  message: string,
  applies: (req: Request) => boolean,
  countOnlyFailures = false,
  keyOf: (req: Request) => string | null = clientKey,
): RequestHandler {
  return (req, res, next) => {
    if (!applies(req)) return next();
    const key = keyOf(req);
    if (key === null) return next();
    const { remaining, resetSeconds } = limiter.hit(key);
    res.setHeader('RateLimit-Policy', limiter.policy);
    res.setHeader(
      'RateLimit',
      `limit=${limiter.policy.split(';')[0]}, remaining=${Math.max(0, remaining)}, reset=${resetSeconds}`,
    );
    if (remaining < 0) {
      res.setHeader('Retry-After', String(resetSeconds));
      res.status(429).json({ error: message });
      return;
    }
    if (countOnlyFailures) res.once('finish', () => res.statusCode < 400 && limiter.refund(key));
    next();
  };
}

export function createRateLimits(settings: RateLimitSettings) {
  const isRead = (req: Request) =>
    req.method === 'GET' ||
    req.method === 'HEAD' ||
    req.method === 'OPTIONS' ||
    settings.readOnlyPaths.includes(req.path);
  const slowDown = 'Too many requests, please slow down';
  const tooManyLogins = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
  return {
    reads: limitWith(new FixedWindowLimiter(settings.readsPerMinute, 60_000), slowDown, isRead),
    writes: limitWith(
      new FixedWindowLimiter(settings.writesPerMinute, 60_000),
      slowDown,
      (req) => !isRead(req),
    ),
    login: limitWith(
      new FixedWindowLimiter(settings.loginsPer15Minutes, 15 * 60_000),
      tooManyLogins,
      () => true,
      true,
    ),
    loginPerAccount: limitWith(
      new FixedWindowLimiter(settings.loginsPerAccountPer15Minutes, 15 * 60_000),
      tooManyLogins,
      () => true,
      true,
      accountKey,
    ),
    signups: limitWith(
      new FixedWindowLimiter(settings.signupsPerHour, 60 * 60_000),
      'Too many sign-ups from your network. Please try again in an hour.',
      () => true,
    ),
  };
}
