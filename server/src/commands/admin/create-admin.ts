import { normalizeUsername } from '@agentry/domain/email';
import type { Logger } from '@agentry/platform/log/logger';
import { type Admin, DuplicateAdminError, type Store } from '@agentry/platform/store/port';
import { hashPassword } from '../../auth/passwords';
import type { Action } from '../command';

/** The admin accounts (the CLI and the start-up account open the store for these alone). */
type Admins = { store: Pick<Store, 'admins'> };

export const ADMIN_USERNAME_RULE = /^[a-z0-9][a-z0-9._@-]{2,63}$/i;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** What is wrong with a new admin's username and password, or null. The same rules for the CLI and the start-up account. */
export function adminAccountProblem(username: string, password: string): string | null {
  if (!ADMIN_USERNAME_RULE.test(username.trim()))
    return 'The username must be 3 to 64 letters, digits, dots, dashes, underscores or @';
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    return `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;
  if (normalizeUsername(password) === normalizeUsername(username))
    return 'The password must not be the username';
  return null;
}

/** Creates an admin account; throws Error with the rule broken, or DuplicateAdminError. */
export const createAdmin: Action<Admins, { username: string; password: string }, Admin> = async (
  { store },
  { username, password },
) => {
  const problem = adminAccountProblem(username, password);
  if (problem) throw new Error(problem);
  return store.admins.create({ username, password_hash: await hashPassword(password) });
};

/**
 * The first admin from ADMIN_USERNAME / ADMIN_PASSWORD, created at start when that username does
 * not exist yet. An existing account is left as it is: the variables seed an account, they do not
 * reset its password at every restart.
 */
export const ensureAdminFromEnv: Action<
  Admins & { logger: Logger },
  { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string }
> = async ({ store, logger }, env) => {
  if (!env.ADMIN_USERNAME || !env.ADMIN_PASSWORD) return;
  if (await store.admins.findByUsernameWithSecret(env.ADMIN_USERNAME)) return;
  try {
    const admin = await createAdmin(
      { store },
      { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    );
    logger.info({ admin: admin.username }, 'admin account created from ADMIN_USERNAME');
  } catch (error) {
    // Another API worker may have created it a moment ago.
    if (error instanceof DuplicateAdminError) return;
    throw error;
  }
};
