import { createHmac, randomBytes } from 'node:crypto';
import type { Store } from '@agentry/platform/store/port';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../http/sessions';
import type { Browser } from './callers';

// A caller signed in on a second browser: a copy of its session under a new id, its cookie signed
// as the server signs it.

const USER_SESSIONS = { cookie: SESSION_COOKIE, path: '/' };
const ADMIN_SESSIONS = { cookie: ADMIN_SESSION_COOKIE, path: '/api/admin' };

/** A session id signed as express-session signs its cookie (cookie-signature: HMAC-SHA256, base64 without padding). */
const signCookie = (sid: string, secret: string) =>
  `${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;

/**
 * Gives `to` a session of its own holding what `from`'s holds: the same person signed in on a
 * second browser, without hashing a password again (sign-in costs a third of a second by design).
 */
export async function secondBrowser(
  from: Browser,
  to: Browser,
  { store, sessionSecret, host }: { store: Store; sessionSecret: string; host: string },
): Promise<void> {
  for (const kind of [USER_SESSIONS, ADMIN_SESSIONS]) {
    const cookie = from.http.jar.getCookie(kind.cookie, {
      domain: host,
      path: kind.path,
      script: false,
      secure: false,
    });
    if (!cookie) continue;
    const signed = decodeURIComponent(cookie.value);
    const data = await store.sessions.get(signed.slice(2, signed.lastIndexOf('.')));
    if (!data) continue;
    const sid = randomBytes(24).toString('base64url');
    const userId = (JSON.parse(data) as { passport?: { user?: string } }).passport?.user ?? null;
    await store.sessions.set(sid, data, new Date(Date.now() + 60 * 60 * 1000), userId);
    const value = encodeURIComponent(`s:${signCookie(sid, sessionSecret)}`);
    to.http.jar.setCookie(`${kind.cookie}=${value}; Path=${kind.path}`, host, kind.path);
  }
}
