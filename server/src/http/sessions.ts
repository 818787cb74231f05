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
    /** The signed-in admin (admin sessions only: their own cookie, see adminSessions). */
    adminId?: string;
    adminUsername?: string;
    /**
     * An admin whose password was right and whose second factor is awaited (POST
     * /api/admin/login/totp): no right comes with it; `at` bounds its life, `failures` its codes.
     */
    pendingAdmin?: { id: string; username: string; at: number; failures: number };
    /**
     * Agents this browser registered, held for their address (at most CLAIM_AGENTS_MAX, newest
     * last): an account created next in this session names them in its verification link.
     */
    registeredAgentIds?: string[];
  }
}

export const SESSION_COOKIE = 'agentry.sid';
/** Idle timeout (rolling) and absolute lifetime, per OWASP ASVS session management. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

/** Staff sessions are shorter: an unattended admin screen closes sooner than a provider's dashboard. */
export const ADMIN_SESSION_COOKIE = 'agentry.admin';
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ADMIN_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

interface SessionOptions {
  secret: string;
  secureCookies: boolean;
  repository: SessionRepository;
}

interface SessionKind {
  cookie: string;
  /** The cookie is sent only under this path. */
  path: string;
  idleMs: number;
  absoluteMs: number;
  sameSite: 'lax' | 'strict';
  /**
   * Requests ("METHOD path", the path relative to where the middleware is mounted) that start a
   * session for a visitor who has none.
   */
  starters: ReadonlySet<string>;
}

const USER_SESSIONS: SessionKind = {
  cookie: SESSION_COOKIE,
  path: '/',
  idleMs: IDLE_TIMEOUT_MS,
  absoluteMs: ABSOLUTE_TIMEOUT_MS,
  // Lax: a link from an e-mail or another site opens the dashboard signed in.
  sameSite: 'lax',
  // Reading a CSRF token starts none (an anonymous token stores nothing, csrf-anonymous.ts): only
  // what keeps something for the visitor does. Signing in and signing up make the session they sign
  // in to; an agent registered before the account is remembered for it (registeredAgentIds).
  starters: new Set(['POST /auth/login', 'POST /users', 'POST /agents']),
};

const ADMIN_SESSIONS: SessionKind = {
  cookie: ADMIN_SESSION_COOKIE,
  path: '/api/admin',
  idleMs: ADMIN_IDLE_TIMEOUT_MS,
  absoluteMs: ADMIN_ABSOLUTE_TIMEOUT_MS,
  // Staff never need to arrive signed in from another site.
  sameSite: 'strict',
  starters: new Set(['POST /login']),
};

/**
 * Sessions, only where one exists or is being started: an anonymous search needs no session, and
 * express-session would otherwise build (and then discard) a session object for every request.
 */
export function sessions(options: SessionOptions): RequestHandler[] {
  return sessionsOf(USER_SESSIONS, options);
}

/**
 * Admin sessions: a cookie of their own, sent to /api/admin only, so that staff rights never ride
 * on a provider's or employer's session (and signing in as one never signs out the other).
 */
export function adminSessions(options: SessionOptions): RequestHandler[] {
  return sessionsOf(ADMIN_SESSIONS, options);
}

function sessionsOf(kind: SessionKind, options: SessionOptions): RequestHandler[] {
  const cookiePrefix = `${kind.cookie}=`;
  const onlyWhenNeeded =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) => {
      if (req.headers.cookie?.includes(cookiePrefix) || kind.starters.has(`${req.method} ${req.path}`))
        return handler(req, res, next);
      next();
    };
  return allSessions(kind, options).map(onlyWhenNeeded);
}

function allSessions(kind: SessionKind, options: SessionOptions): RequestHandler[] {
  const middleware = session({
    name: kind.cookie,
    secret: options.secret,
    store: new PortSessionStore(options.repository),
    resave: false,
    // Anonymous visitors get no session (and no store write) until something needs one.
    saveUninitialized: false,
    rolling: true,
    proxy: undefined,
    cookie: {
      httpOnly: true,
      sameSite: kind.sameSite,
      secure: options.secureCookies,
      maxAge: kind.idleMs,
      path: kind.path,
    },
  });
  const absoluteTimeout: RequestHandler = (req, _res, next) => {
    const started = req.session?.startedAt;
    if (started !== undefined && Date.now() - started > kind.absoluteMs) {
      // A fresh, empty session rather than none, so the rest of the request still has one.
      req.session.regenerate(() => next());
      return;
    }
    next();
  };
  return [middleware, absoluteTimeout];
}
