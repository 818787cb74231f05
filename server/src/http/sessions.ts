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

interface SessionOptions {
  secret: string;
  secureCookies: boolean;
  repository: SessionRepository;
}

/** Paths that start a session for a visitor who has none. */
const SESSION_STARTERS = new Set(['/csrf-token']);

/**
 * Sessions, only where one exists or is being started: an anonymous search needs no session, and
 * express-session would otherwise build (and then discard) a session object for every request.
 */
export function sessions(options: SessionOptions): RequestHandler[] {
  const cookiePrefix = `${SESSION_COOKIE}=`;
  const onlyWhenNeeded =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) => {
      if (req.headers.cookie?.includes(cookiePrefix) || SESSION_STARTERS.has(req.path))
        return handler(req, res, next);
      next();
    };
  return allSessions(options).map(onlyWhenNeeded);
}

function allSessions(options: SessionOptions): RequestHandler[] {
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
