import type { SessionRepository } from '@agentry/platform/store/port';
import session from 'express-session';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The user a session belongs to: passport keeps the signed-in user's id at `passport.user`. Stored
 * beside the session so that a password reset can end every session of that user.
 */
function signedInUser(data: session.SessionData): string | null {
  const user = (data as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === 'string' ? user : null;
}

/**
 * A rolling session's stored expiry is written again only once it would move by this much: every
 * request of a signed-in person touched it (a store write each, 1-2 % of a worker under the
 * whole-product mix), though an idle timeout of hours does not need it to the millisecond. So a
 * session may end up to this much before its idle timeout, never after it.
 */
export const TOUCH_EVERY_MS = 60_000;
/** Sessions whose last written expiry this process remembers; forgotten all at once when full. */
export const TOUCHED_MAX = 50_000;

/** express-session's store on our own store port, so sessions live wherever agents live. */
export class PortSessionStore extends session.Store {
  /** The expiry this process last wrote per session id (a touch that would move it little is skipped). */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly sessions: SessionRepository,
    private readonly touchEveryMs = TOUCH_EVERY_MS,
  ) {
    super();
  }

  private remember(sid: string, expiresAt: Date): void {
    if (this.written.size >= TOUCHED_MAX && !this.written.has(sid)) this.written.clear();
    this.written.set(sid, expiresAt.getTime());
  }

  private expiry(data: session.SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + DAY_MS);
  }

  override get(sid: string, callback: (err: unknown, data?: session.SessionData | null) => void): void {
    this.sessions.get(sid).then(
      (raw) => callback(null, raw ? (JSON.parse(raw) as session.SessionData) : null),
      (error) => callback(error),
    );
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = this.expiry(data);
    this.sessions.set(sid, JSON.stringify(data), expiresAt, signedInUser(data)).then(
      () => {
        this.remember(sid, expiresAt);
        callback?.();
      },
      (error) => callback?.(error),
    );
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    const expiresAt = this.expiry(data);
    const written = this.written.get(sid);
    if (written !== undefined && expiresAt.getTime() - written < this.touchEveryMs) {
      callback?.();
      return;
    }
    this.sessions.touch(sid, expiresAt).then(
      () => {
        this.remember(sid, expiresAt);
        callback?.();
      },
      () => callback?.(),
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.written.delete(sid);
    this.sessions.destroy(sid).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }
}
