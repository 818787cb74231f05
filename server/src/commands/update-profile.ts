import { type AccountErrors, checkEmail, checkProfile } from '@agentry/domain/account-rules';
import { isValidAddress, normalizeAddress } from '@agentry/domain/address';
import { normalizeEmail } from '@agentry/domain/email';
import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import type { User, UserPatch } from '@agentry/platform/store/port';
import { issueToken } from '../auth/one-time-tokens';
import { badRequest, conflict } from '../http/errors';
import { changeEmailMessage } from '../mail/messages';
import type { Action } from './command';
import { EMAIL_TAKEN_MESSAGE } from './create-account';
import { deliver, publicLink, type Services } from './services';

// The profile a person edits on their dashboard (the employer's organization profile, the
// provider's page details), stored on the server. A new e-mail address is the sign-in name and
// decides which agents the account gets, so it takes effect only once a link sent to it is opened.

export interface ProfileInput {
  full_name?: string | undefined;
  organization?: string | undefined;
  phone?: string | null | undefined;
  website?: string | null | undefined;
  email?: string | undefined;
}

export const PROFILE_SAVED_MESSAGE = 'Your profile has been saved.';
export const WEBSITE_INVALID_MESSAGE = 'Website must be a valid http(s) address';

export const updateProfile: Action<
  Services,
  { user: User; input: ProfileInput },
  { user: User; message: string }
> = async (services, props) => {
  const { user, input } = props;
  const merged = {
    full_name: input.full_name ?? user.full_name,
    organization: input.organization ?? user.organization,
    phone: input.phone === undefined ? user.phone : input.phone,
  };
  const errors: AccountErrors & { website?: string } = {};
  checkProfile(merged, errors);
  const newEmail = input.email === undefined ? undefined : normalizeEmail(input.email);
  const emailChanges = newEmail !== undefined && newEmail !== user.email;
  if (emailChanges) checkEmail(newEmail, errors);
  const website = input.website?.trim() ? normalizeAddress(input.website) : null;
  if (website && (!isValidAddress(website) || website.length > MAX_LENGTHS.address)) {
    errors.website = WEBSITE_INVALID_MESSAGE;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, { success: false, errors });
  if (emailChanges && (await services.store.users.findByEmail(newEmail))) {
    throw conflict(EMAIL_TAKEN_MESSAGE, { success: false });
  }

  const patch: UserPatch = {
    full_name: merged.full_name.trim(),
    organization: merged.organization.trim(),
    phone: merged.phone?.trim() || null,
    ...(input.website === undefined ? {} : { website }),
  };
  const updated = (await services.store.users.update(user.id, patch)) ?? user;
  if (!emailChanges) return { user: updated, message: PROFILE_SAVED_MESSAGE };

  const token = await issueToken(services.store, {
    purpose: 'change_email',
    userId: user.id,
    data: newEmail,
    now: services.now(),
    replace: true,
  });
  await deliver(
    services,
    changeEmailMessage({
      to: newEmail,
      fullName: updated.full_name,
      link: publicLink(services, `/verify-email?token=${token}`),
    }),
  );
  return {
    user: updated,
    message: `${PROFILE_SAVED_MESSAGE} We sent a link to ${newEmail}: your e-mail address changes when you open it.`,
  };
};
