import { DuplicateUserError, type OneTimeToken, type User } from '@agentry/platform/store/port';
import { consumeToken, hashToken } from '../auth/one-time-tokens';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import type { Services } from './services';

// Opening a link sent to an address proves the person reads it. A verification (or claim) link
// marks the account's address verified and gives it every agent registered under that address
// that nobody owns yet; a change-of-address link switches the account to the new address.
//
// The link counts only in the account's own session. Anyone can open an account under somebody
// else's address; if the owner of that mailbox (or a mail scanner) then opened the link, a stranger
// who holds the password would receive the owner's agents. So the opener must be signed in to the
// account the link names. The real owner of an address who did not create the account recovers it
// with "forgot password": the reset link proves the mailbox, sets their password and ends every
// other session, and only then are the agents claimed (see resetPassword).

export const LINK_INVALID_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';
export const ADDRESS_TAKEN_MESSAGE = 'That e-mail address belongs to another account.';
export const SIGN_IN_TO_CONFIRM_MESSAGE =
  'Please sign in to the account this link was sent for, then open the link again.';
export const OTHER_ACCOUNT_MESSAGE =
  'This link was sent for another account. Sign out, then sign in to the account it was sent for.';

export async function confirmEmail(
  services: Services,
  props: { token: string; signedIn: User | null },
): Promise<{ user: User; claimed: number }> {
  const { store } = services;
  // Checked before the token is used up: a link opened in the wrong place stays valid.
  if (!props.signedIn) {
    throw unauthorized(SIGN_IN_TO_CONFIRM_MESSAGE, { success: false, sign_in_required: true });
  }
  const found = await consumeToken(store, props.token, ['verify_email', 'change_email'], services.now());
  const user = found ? await store.users.findById(found.user_id) : null;
  if (!found || !user) throw badRequest(LINK_INVALID_MESSAGE, { success: false });
  if (user.id !== props.signedIn.id) {
    await restoreToken(services, props.token, found);
    throw forbidden(OTHER_ACCOUNT_MESSAGE, { success: false });
  }
  const verifiedAt = new Date(services.now()).toISOString();
  let updated: User | null;
  if (found.purpose === 'change_email' && found.data) {
    try {
      updated = await store.users.update(user.id, { email: found.data, email_verified_at: verifiedAt });
    } catch (error) {
      if (error instanceof DuplicateUserError) throw conflict(ADDRESS_TAKEN_MESSAGE, { success: false });
      throw error;
    }
  } else {
    updated = user.email_verified_at
      ? user
      : await store.users.update(user.id, { email_verified_at: verifiedAt });
  }
  return { user: updated ?? user, claimed: await claimWaitingAgents(services, updated ?? user) };
}

/** Gives a provider the agents registered under their (verified) address that nobody owns. */
export async function claimWaitingAgents(services: Services, user: User): Promise<number> {
  if (user.user_type !== 'agent_provider' || !user.email_verified_at) return 0;
  const claimed = await services.store.agents.claimUnowned(user.email, user.id);
  if (claimed > 0) services.logger.info({ userId: user.id, claimed }, 'agents passed to their account');
  return claimed;
}

/** Puts a used-up link back as it was (it was opened where it does not count). */
export async function restoreToken(services: Services, token: string, found: OneTimeToken): Promise<void> {
  await services.store.tokens.issue({
    ...found,
    token_hash: hashToken(token),
    expires_at: new Date(found.expires_at),
  });
}
