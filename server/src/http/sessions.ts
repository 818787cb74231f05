import type { SessionRepository } from '@agentry/platform/store/port';
import type { RequestHandler } from 'express';
import session from 'express-session';
import { PortSessionStore } from './session-store';

declare module 'express-session' {
  interface SessionData {
    csrfToken?: string;
    userId?: string;
    /** When the session was created, for the absolute timeout. */
    startedAt?: number;
  }
}

export const SESSION_COOKIE = 'agentry.sid';
/** Idle timeout (rolling) and absolute lifetime, per OWASP ASVS session management. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

export function sessions(options: {
  secret: string;
  secureCookies: boolean;
  repository: SessionRepository;
}): RequestHandler[] {
  const middleware = session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store: new PortSessionStore(options.repository),
    resave: false,
    // Anonymous visitors get no session (and no store write) until something needs one.
    saveUninitialized: false,
    rolling: true,
    proxy: undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: IDLE_TIMEOUT_MS,
      path: '/',
    },
  });
  const absoluteTimeout: RequestHandler = (req, _res, next) => {
    const started = req.session?.startedAt;
    if (started !== undefined && Date.now() - started > ABSOLUTE_TIMEOUT_MS) {
      req.session.destroy(() => next());
      return;
    }
    next();
  };
  return [middleware, absoluteTimeout];
}
