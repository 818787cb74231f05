import type { User } from '@agentry/platform/store/port';
import { type NextFunction, type Request, type Response, Router } from 'express';
import type { AppContext } from '../../../context';
import { issueCsrfToken } from '../../../http/csrf';
import { HttpError } from '../../../http/errors';
import { parseBody } from '../../../http/validate';
import { presentUser } from '../../../presenters/user';
import { LoginBody } from './schema';

export function authRoutes(
  { passport }: AppContext,
  loginLimiter: (req: Request, res: Response, next: NextFunction) => void,
): Router {
  const router = Router();

  /** The token state-changing calls must echo in X-CSRF-Token (two field names: both screens' readings). */
  router.get('/csrf-token', (req, res) => {
    const token = issueCsrfToken(req);
    res.set('Cache-Control', 'no-store').json({ success: true, csrf_token: token, csrfToken: token });
  });

  router.get('/auth/me', (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) {
      res.json({ success: false, user: null });
      return;
    }
    const user = presentUser(req.user as User);
    res.json({ success: true, user, user_type: user.user_type });
  });

  router.post('/auth/login', loginLimiter, (req, res, next) => {
    parseBody(LoginBody, req);
    passport.authenticate('local', (error: unknown, user: User | false, info?: { message?: string }) => {
      if (error) return next(error);
      if (!user) return next(new HttpError(401, info?.message ?? 'Login failed', { success: false }));
      // req.login regenerates the session id (no fixation); the old CSRF token goes with it.
      req.login(user, (loginError) => {
        if (loginError) return next(loginError);
        req.session.startedAt = Date.now();
        const csrf_token = issueCsrfToken(req);
        const presented = presentUser(user);
        res.json({ success: true, user: presented, user_type: presented.user_type, csrf_token });
      });
    })(req, res, next);
  });

  router.post('/auth/logout', (req, res, next) => {
    req.logout((error) => {
      if (error) return next(error);
      req.session.destroy(() => {
        res.clearCookie('agentry.sid', { path: '/' }).json({ success: true });
      });
    });
  });

  return router;
}
