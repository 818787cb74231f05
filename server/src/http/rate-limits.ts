import { rateLimit } from 'express-rate-limit';

// Per-client limits. Reads are generous (people type fast and pages fetch several lists);
// sign-in is strict to slow down password guessing; other state changes sit in between.

const json = (message: string) => ({ error: message });

export interface RateLimitSettings {
  /** POST paths that only read (InstantSearch): counted as reads. */
  readOnlyPaths: string[];
  readsPerMinute: number;
  writesPerMinute: number;
  loginsPer15Minutes: number;
}

export function createRateLimits(settings: RateLimitSettings) {
  const isRead = (req: { method: string; path: string }) =>
    req.method === 'GET' ||
    req.method === 'HEAD' ||
    req.method === 'OPTIONS' ||
    settings.readOnlyPaths.includes(req.path);
  const base = { standardHeaders: 'draft-8' as const, legacyHeaders: false };
  return {
    reads: rateLimit({
      ...base,
      windowMs: 60_000,
      limit: settings.readsPerMinute,
      skip: (req) => !isRead(req),
      message: json('Too many requests, please slow down'),
    }),
    writes: rateLimit({
      ...base,
      windowMs: 60_000,
      limit: settings.writesPerMinute,
      skip: isRead,
      message: json('Too many requests, please slow down'),
    }),
    login: rateLimit({
      ...base,
      windowMs: 15 * 60_000,
      limit: settings.loginsPer15Minutes,
      skipSuccessfulRequests: true,
      message: json('Too many sign-in attempts. Please wait 15 minutes and try again.'),
    }),
  };
}
