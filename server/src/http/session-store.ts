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

/** express-session's store on our own store port, so sessions live wherever agents live. */
export class PortSessionStore extends session.Store {
  constructor(private readonly sessions: SessionRepository) {
    super();
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
    this.sessions.set(sid, JSON.stringify(data), this.expiry(data), signedInUser(data)).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    this.sessions.touch(sid, this.expiry(data)).then(
      () => callback?.(),
      () => callback?.(),
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.sessions.destroy(sid).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }
}
