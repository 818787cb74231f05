import { issueToken } from '../auth/one-time-tokens';
import { resetPasswordMessage } from '../mail/messages';
import type { Action } from './command';
import { deliver, publicLink, type Services, takeMailAllowance } from './services';

// "Forgot password": mails a single-use link valid for an hour; a new link voids the older ones.
// The caller answers the same words at once whether or not the account exists and runs this in
// the background, so neither the answer nor its timing tells who has an account.

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail, we sent a link to reset the password. It is valid for one hour.';

export const requestPasswordReset: Action<Services, { email: string }> = async (services, { email }) => {
  const user = await services.store.users.findByEmail(email);
  if (!user) return;
  // Asked first: a link that will not be mailed must not void the one the person already has.
  if (!(await takeMailAllowance(services, 'reset_password', user.email))) return;
  const token = await issueToken(services.store, {
    purpose: 'reset_password',
    userId: user.id,
    now: services.now(),
    replace: true,
  });
  await deliver(
    services,
    resetPasswordMessage({
      to: user.email,
      fullName: user.full_name,
      link: publicLink(services, `/reset-password?token=${token}`),
    }),
    { allowanceTaken: true },
  );
};
