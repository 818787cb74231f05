import type { RequestHandler } from 'express';
import { unauthorized } from './errors';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

/** Refuses a request without a signed-in user (401); passport has already loaded the user from the session. */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized(SIGN_IN_REQUIRED_MESSAGE));
};
