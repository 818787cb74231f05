import { DuplicateUserError, type User } from '@agentry/platform/store/port';
import { consumeToken } from '../auth/one-time-tokens';
import { badRequest, conflict } from '../http/errors';
import type { Services } from './services';

// Opening a link sent to an address proves the person reads it. A verification (or claim) link
// marks the account's address verified and gives it every agent registered under that address
// that nobody owns yet; a change-of-address link switches the account to the new address.

export const LINK_INVALID_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';
export const ADDRESS_TAKEN_MESSAGE = 'That e-mail address belongs to another account.';

export async function confirmEmail(
  services: Services,
  token: string,
): Promise<{ user: User; claimed: number }> {
  const { store } = services;
  const found = await consumeToken(store, token, ['verify_email', 'change_email'], services.now());
  const user = found ? await store.users.findById(found.user_id) : null;
  if (!found || !user) throw badRequest(LINK_INVALID_MESSAGE, { success: false });
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
