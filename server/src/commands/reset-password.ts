import { checkNewPassword } from '@agentry/domain/account-rules';
import type { User } from '@agentry/platform/store/port';
import { consumeToken } from '../auth/one-time-tokens';
import { hashPassword } from '../auth/passwords';
import { badRequest } from '../http/errors';
import type { Action } from './command';
import { LINK_INVALID_MESSAGE, restoreToken } from './confirm-email';
import type { Services } from './services';

// Sets a new password from a reset link and ends every session of the account (whoever had
// signed in with the old password is out). The link came to the account's address, so the
// address counts as verified too. It hands over no agent (issue 21, finding 4): agents registered
// under the address by others join an account only through a link that names them.

export const PASSWORD_RESET_MESSAGE =
  'Your password has been changed and every device was signed out. Please sign in.';

export const resetPassword: Action<Services, { token: string; password: string }, User> = async (
  services,
  props,
) => {
  // The password is checked before the token is used up: a weak choice must not burn the link.
  const problem = checkNewPassword(props.password);
  if (problem) throw badRequest(problem, { success: false, errors: { password: problem } });
  const { store } = services;
  const found = await consumeToken(store, props.token, ['reset_password'], services.now());
  const user = found ? await store.users.findById(found.user_id) : null;
  if (!found || !user) throw badRequest(LINK_INVALID_MESSAGE, { success: false });
  const tooGuessable = checkNewPassword(props.password, user.email);
  if (tooGuessable) {
    // The address itself as the password: refused, and the same link put back so it still works.
    await restoreToken(services, { token: props.token, found });
    throw badRequest(tooGuessable, { success: false, errors: { password: tooGuessable } });
  }
  const updated = (await store.users.update(user.id, {
    password_hash: await hashPassword(props.password),
    ...(user.email_verified_at ? {} : { email_verified_at: new Date(services.now()).toISOString() }),
  }))!;
  const ended = await store.sessions.destroyForUser(user.id);
  // Every other link of the account dies too: a change of address asked for by whoever held the
  // account before the reset must not take it back, nor a verification link hand over the agents
  // that whoever held it registered.
  for (const purpose of ['reset_password', 'change_email', 'verify_email'] as const) {
    await store.tokens.revoke(user.id, purpose);
  }
  services.logger.info({ userId: user.id, sessionsEnded: ended }, 'password reset');
  return updated;
};
