import type { User } from '@agentry/platform/store/port';
import type { Request } from 'express';
import { clientAddressKey } from '../http/client-address';
import { scopeOf } from '../policies/employer';

// Whom a count is about, for provider analytics' "once per person, agent and day"
// (analytics/once-per-audience.ts): the account when someone is signed in or uses an employer API
// key (the same person from any address, every key of an account as one), else the client's
// address (behind TRUST_PROXY, the one the proxy saw; an IPv6 address as its /56 block, so one
// client rotating its block's addresses is one audience: http/client-address.ts). Never stored: only a keyed hash of it is
// held, in memory, for the day.

export function audienceKey(who: { userId?: string | null; ip: string | undefined }): string {
  return who.userId ? `user:${who.userId}` : `ip:${clientAddressKey(who.ip)}`;
}

/** The audience of an API request: its session's or API key's account, else its address. */
export const audienceOf = (req: Request): string =>
  audienceKey({ userId: (req.user as User | undefined)?.id, ip: req.ip });

/**
 * The audience of an employer tool's request (a comparison, a contact request): the employer
 * organization, kept under its subscriber's account, so a team counts once an agent and day and a
 * seat given to a new address adds nothing (session 13's attack). Runs after requireActiveEmployer.
 */
export const employerAudienceOf = (req: Request): string =>
  audienceKey({ userId: scopeOf(req).ownerId, ip: req.ip });
