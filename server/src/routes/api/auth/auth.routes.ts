import {
  type AccountCreated,
  type CsrfToken,
  ForgotPasswordBody,
  LoginBody,
  type Me,
  type ResendVerificationAnswer,
  ResetPasswordBody,
  type SignedIn,
  type VerifyEmailAnswer,
  VerifyEmailBody,
} from '@agentry/domain/contract/accounts';
import type { MessageAnswer, Success } from '@agentry/domain/contract/shapes';
import type { User } from '@agentry/platform/store/port';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { confirmEmail } from '../../../commands/confirm-email';
import { RESET_REQUESTED_MESSAGE, requestPasswordReset } from '../../../commands/request-password-reset';
import { PASSWORD_RESET_MESSAGE, resetPassword } from '../../../commands/reset-password';
import { resendEmailVerification } from '../../../commands/send-email-verification';
import type { AppContext } from '../../../context';
import type { AccountThrottle } from '../../../http/account-throttle';
import type { CsrfTokens } from '../../../http/csrf';
import { HttpError } from '../../../http/errors';
import { endPhase, startPhases } from '../../../http/phase-timing';
import { requireUser } from '../../../http/require-user';
import { SESSION_COOKIE } from '../../../http/sessions';
import { parseBody } from '../../../http/validate';
import { employerScopeOf } from '../../../policies/employer-scope';
import { presentUser } from '../../../presenters/user';

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

export interface AuthLimits {
  /** Per client: every attempt, and failed ones (http/rate-limits.ts). */
  login: Middleware;
  /** Per account, never a lockout (http/account-throttle.ts). */
  account: AccountThrottle;
  signups: Middleware;
}

/**
 * Signs `user` in on a new session id (no fixation) and answers the new session's CSRF token with
 * the user: the anonymous token the request came with ends here.
 */
export function signIn(
  csrf: CsrfTokens,
  req: Request,
  res: Response,
  next: NextFunction,
  user: User,
  extra: Partial<Pick<AccountCreated, 'user_id'>> = {},
): void {
  // req.login regenerates the session; a token kept in the old one goes with it.
  req.login(user, (loginError) => {
    endPhase(res, 'session');
    if (loginError) return next(loginError);
    req.session.startedAt = Date.now();
    const csrf_token = csrf.signedIn(req, res);
    const presented = presentUser(user);
    res.json({
      success: true,
      ...extra,
      user: presented,
      user_type: presented.user_type,
      csrf_token,
    } satisfies SignedIn);
  });
}

export function authRoutes({ passport, services }: AppContext, limits: AuthLimits, csrf: CsrfTokens): Router {
  const router = Router();

  /**
   * The token state-changing calls must echo in X-CSRF-Token (two field names: both screens'
   * readings): a signed-in visitor's session's, anyone else's stateless (http/csrf.ts).
   */
  router.get('/csrf-token', (req, res) => {
    const token = csrf.issue(req, res);
    res
      .set('Cache-Control', 'no-store')
      .json({ success: true, csrf_token: token, csrfToken: token } satisfies CsrfToken);
  });

  router.get('/auth/me', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) {
      res.json({ success: false, user: null } satisfies Me);
      return;
    }
    const user = presentUser(req.user as User);
    if (user.user_type !== 'employer') {
      res.json({ success: true, user, user_type: user.user_type } satisfies Me);
      return;
    }
    // An employer's team (issue 28): a member's paid tools follow the subscriber's plan.
    const scope = await employerScopeOf(services.store, req.user as User);
    const team = scope.organization
      ? { organization: scope.organization.name, role: scope.role!, plan_active: scope.planActive }
      : null;
    res.json({ success: true, user, user_type: user.user_type, team } satisfies Me);
  });

  router.post('/auth/login', startPhases, limits.login, (req, res, next) => {
    endPhase(res, 'limits');
    // Passport reads req.body: give it the validated, trimmed values, not the raw ones.
    req.body = parseBody(LoginBody, req);
    limits.account.check(req, res, () => {
      endPhase(res, 'account');
      passport.authenticate('local', (error: unknown, user: User | false, info?: { message?: string }) => {
        endPhase(res, 'password');
        if (error) return next(error);
        if (!user) return next(new HttpError(401, info?.message ?? 'Login failed', { success: false }));
        limits.account.remember(req, res);
        signIn(csrf, req, res, next, user);
      })(req, res, next);
    });
  });

  router.post('/auth/logout', (req, res, next) => {
    // A visitor with no session (an anonymous token) has nothing to end.
    if (!req.session) {
      res.json({ success: true } satisfies Success);
      return;
    }
    req.logout((error) => {
      if (error) return next(error);
      req.session.destroy(() => {
        res.clearCookie(SESSION_COOKIE, { path: '/' }).json({ success: true } satisfies Success);
      });
    });
  });

  router.post('/auth/forgot-password', limits.signups, (req, res) => {
    const { email } = parseBody(ForgotPasswordBody, req);
    // Answered at once and the same for every address; the work goes on after the answer.
    requestPasswordReset(services, { email }).catch((error) =>
      services.logger.error({ err: error }, 'password reset request failed'),
    );
    res.json({ success: true, message: RESET_REQUESTED_MESSAGE } satisfies MessageAnswer);
  });

  router.post('/auth/reset-password', limits.signups, async (req, res) => {
    const { token, password } = parseBody(ResetPasswordBody, req);
    await resetPassword(services, { token, password });
    // Whoever asked from this browser signs in afresh too (if it has a session), on a new token.
    if (req.session) await new Promise<void>((resolve) => req.logout(() => resolve()));
    csrf.forgetAnonymous(req, res);
    res.json({ success: true, message: PASSWORD_RESET_MESSAGE } satisfies MessageAnswer);
  });

  router.post('/auth/verify-email', async (req, res) => {
    const { token } = parseBody(VerifyEmailBody, req);
    const { user, claimed } = await confirmEmail(services, { token, signedIn: (req.user as User) ?? null });
    const agents = claimed === 1 ? '1 agent was' : `${claimed} agents were`;
    // Only what the link's holder needs: the account itself is read by signing in.
    res.json({
      success: true,
      claimed,
      message: `Your e-mail address ${user.email} is confirmed.${claimed > 0 ? ` ${agents} added to your account.` : ''}`,
    } satisfies VerifyEmailAnswer);
  });

  router.post('/auth/resend-verification', limits.signups, requireUser, async (req, res) => {
    const user = req.user as User;
    if (user.email_verified_at) {
      res.json({
        success: true,
        message: 'Your e-mail address is already confirmed.',
      } satisfies ResendVerificationAnswer);
      return;
    }
    const sent = await resendEmailVerification(services, { user });
    res.status(sent ? 200 : 503).json({
      success: sent,
      message: sent
        ? `We sent a new link to ${user.email}.`
        : 'We could not send the link right now. Please try again later.',
    } satisfies ResendVerificationAnswer);
  });

  return router;
}
