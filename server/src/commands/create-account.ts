import {
  type AccountErrors,
  checkEmail,
  checkNewPassword,
  checkProfile,
} from '@agentry/domain/account-rules';
import { normalizeEmail } from '@agentry/domain/email';
import { DuplicateUserError, type User, type UserType } from '@agentry/platform/store/port';
import { hashPassword } from '../auth/passwords';
import { badRequest, conflict } from '../http/errors';
import type { Action } from './command';
import { slugCandidate, slugify } from './provider-slug';
import { sendEmailVerification } from './send-email-verification';
import type { Services } from './services';

// A new provider (account setup) or employer (employer signup) account. The address is not
// verified yet: a link is mailed, and opening it gives the account the agents it names: those
// registered under that address in the same browser before the account was created (the spec's
// flow: register an agent, then set up the account), never others (docs/accounts.md, ownership).

export interface AccountInput {
  email: string;
  password: string;
  full_name: string;
  organization: string;
  phone?: string | null;
  user_type: UserType;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const ACCOUNT_EXISTS_MESSAGE = `${EMAIL_TAKEN_MESSAGE} Please sign in.`;

export const createAccount: Action<
  Services,
  {
    input: AccountInput;
    /** Agents this browser registered before (its session keeps their ids): the link names those under the address. */
    registeredHere: string[];
    /** Told as each part of the creation ends (lookup, queue, hash, user, link, mail): the answer's Server-Timing. */
    phase?: (name: string) => void;
  },
  User
> = async (services, { input, registeredHere, phase = () => undefined }) => {
  const email = normalizeEmail(input.email);
  const errors: AccountErrors = {};
  checkEmail(email, errors);
  checkProfile(input, errors);
  const passwordProblem = checkNewPassword(input.password, email);
  if (passwordProblem) errors.password = passwordProblem;
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, { success: false, errors });

  if (await services.store.users.findByEmail(email))
    throw conflict(ACCOUNT_EXISTS_MESSAGE, { success: false });
  phase('lookup');
  const passwordHash = await hashPassword(input.password, () => phase('queue'));
  phase('hash');
  const base = {
    email,
    full_name: input.full_name.trim(),
    organization: input.organization.trim(),
    phone: input.phone?.trim() || null,
    user_type: input.user_type,
    password_hash: passwordHash,
  };
  const user = await createWithFreeSlug(services, base);
  phase('user');
  await sendEmailVerification(services, { user, ownAgentIds: registeredHere, phase });
  services.logger.info({ userId: user.id, userType: user.user_type }, 'account created');
  return user;
};

/** Providers get a provider-page slug from their organization; a taken slug is retried with a suffix. */
async function createWithFreeSlug(
  services: Services,
  base: Parameters<Services['store']['users']['create']>[0],
): Promise<User> {
  const slugBase = base.user_type === 'agent_provider' ? slugify(base.organization) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      return await services.store.users.create({
        ...base,
        slug: slugBase === null ? null : slugCandidate(slugBase, attempt),
      });
    } catch (error) {
      if (!(error instanceof DuplicateUserError)) throw error;
      if (error.field === 'email') throw conflict(ACCOUNT_EXISTS_MESSAGE, { success: false });
      if (attempt >= 10) throw error;
    }
  }
}
