import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { cookieValue } from '../http/cookies';

// "Device cookies" (OWASP, Slow Down Online Guessing Attacks with Device Cookies): after a
// successful sign-in the browser gets a cookie that names the account it signed in to, signed with
// a key derived from SESSION_SECRET. A sign-in that presents it for the same account is the owner's
// browser, and skips the per-account throttle (platform/src/rate-limit/progressive-delay.ts): no
// stranger's guesses can slow it. A stolen cookie buys little: the per-client limits still apply,
// and a cookie with too many failures (DEVICE_FAILURES_PER_15_MINUTES) loses its trust.
//
// Value: `<issued seconds>.<device id>.<mac>`; the mac covers the kind (user or admin), the account
// and both fields, so it cannot be moved to another account or form, or kept past its age.

export type SignInKind = 'user' | 'admin';

export const DEVICE_COOKIE_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Failed sign-ins one trusted cookie may make in 15 minutes before it counts as a stranger's. */
export const DEVICE_FAILURES_PER_15_MINUTES = 10;

const COOKIES: Record<SignInKind, { name: string; path: string }> = {
  // Sent only to the sign-in of its own form (the TOTP step sits under the admin sign-in's path).
  user: { name: 'agentry.device', path: '/api/auth/login' },
  admin: { name: 'agentry.admin-device', path: '/api/admin/login' },
};

export class TrustedDevices {
  private readonly key: Buffer;

  constructor(
    sessionSecret: string,
    private readonly secureCookies: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'agentry', 'trusted sign-in device', 32));
  }

  private mac(kind: SignInKind, account: string, issued: string, id: string): string {
    return createHmac('sha256', this.key).update(`${kind}\n${account}\n${issued}\n${id}`).digest('base64url');
  }

  /** The device id of a valid cookie for this account on this request, or null. */
  deviceOf(req: Request, kind: SignInKind, account: string): string | null {
    const value = cookieValue(req, COOKIES[kind].name);
    const [issued, id, mac] = value?.split('.') ?? [];
    if (!issued || !id || !mac || !/^\d{1,12}$/.test(issued)) return null;
    if (this.now() - Number(issued) * 1000 > DEVICE_COOKIE_MAX_AGE_MS) return null;
    const expected = Buffer.from(this.mac(kind, account, issued, id));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  /** Marks this browser as one the account signed in from (call before the answer is sent). */
  remember(res: Response, kind: SignInKind, account: string): void {
    const issued = String(Math.floor(this.now() / 1000));
    const id = randomBytes(12).toString('base64url');
    const options: CookieOptions = {
      path: COOKIES[kind].path,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secureCookies,
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    };
    res.cookie(COOKIES[kind].name, `${issued}.${id}.${this.mac(kind, account, issued, id)}`, options);
  }
}
