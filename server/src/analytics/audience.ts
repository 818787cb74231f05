import type { User } from '@agentry/platform/store/port';
import type { Request } from 'express';

// Whom a count is about, for provider analytics' "once per person, agent and day"
// (analytics/once-per-audience.ts): the account when someone is signed in or uses an employer API
// key (the same person from any address, every key of an account as one), else the client's
// address (behind TRUST_PROXY, the one the proxy saw). Never stored: only a keyed hash of it is
// held, in memory, for the day.

export function audienceKey(who: { userId?: string | null; ip: string | undefined }): string {
  return who.userId ? `user:${who.userId}` : `ip:${who.ip ?? 'unknown'}`;
}

/** The audience of an API request: its session's or API key's account, else its address. */
export const audienceOf = (req: Request): string =>
  audienceKey({ userId: (req.user as User | undefined)?.id, ip: req.ip });
