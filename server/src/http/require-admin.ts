import type { Admin, Store } from '@agentry/platform/store/port';
import type { Request, RequestHandler } from 'express';
import { unauthorized } from './errors';

export const ADMIN_SIGN_IN_REQUIRED = 'Please sign in as an admin to continue.';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in admin, set by requireAdmin. */
      admin?: Admin;
    }
  }
}

/**
 * Refuses (401) a request whose admin session holds no admin, or one whose account no longer
 * exists. Rights come from the server's session only: nothing the client sends can claim them.
 */
export function requireAdmin(store: Pick<Store, 'admins'>): RequestHandler {
  return async (req, _res, next) => {
    const adminId = req.session?.adminId;
    const admin = adminId ? await store.admins.findById(adminId) : null;
    // The username must match too: a session names one account, never whoever holds its id later.
    if (!admin || admin.username !== req.session.adminUsername)
      return next(unauthorized(ADMIN_SIGN_IN_REQUIRED, { success: false }));
    req.admin = admin;
    next();
  };
}

export const adminOf = (req: Request): Admin => req.admin as Admin;
