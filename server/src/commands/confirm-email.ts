import { normalizeEmail } from '@agentry/domain/email';
import { DuplicateUserError, type OneTimeToken, type User } from '@agentry/platform/store/port';
import { consumeToken, hashToken } from '../auth/one-time-tokens';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import type { Action } from './command';
import type { Services } from './services';

// Opening a link sent to an address proves the person reads it. What the link hands over is what
// it was issued for, recorded with it, and nothing else (issue 21, finding 4): a stranger's agent
// registered under the address joins no account unless a link naming it is opened.
// - verify_email: marks the account's address verified, and lists and gives it the agents the
//   link names (those its holder registered, in the browser that created the account or signed in);
// - claim_agent: lists and gives the one agent it names to the provider account of the address it
//   was sent to, and so proves that address too;
// - change_email: switches the account to the new address.
//
// The link counts only in the account's own session. Anyone can open an account under somebody
// else's address; if the owner of that mailbox (or a mail scanner) then opened the link, a stranger
// who holds the password would receive the owner's agents. So the opener must be signed in to the
// account the link is for. The real owner of an address who did not create the account recovers it
// with "forgot password": the reset link proves the mailbox, sets their password and ends every
// other session; it hands over no agent (see resetPassword).

export const LINK_INVALID_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';
export const ADDRESS_TAKEN_MESSAGE = 'That e-mail address belongs to another account.';
export const SIGN_IN_TO_CONFIRM_MESSAGE =
  'Please sign in to the account this link was sent for, then open the link again.';
export const OTHER_ACCOUNT_MESSAGE =
  'This link was sent for another account. Sign out, then sign in to the account it was sent for.';
export const CLAIM_SIGN_IN_MESSAGE =
  'Please sign in to the provider account of the address this link was sent to (or create it), then open the link again.';
export const CLAIM_OTHER_ACCOUNT_MESSAGE =
  'This link works only in the provider account of the address it was sent to. Sign out, then sign in to that account (or create it).';

export const confirmEmail: Action<
  Services,
  { token: string; signedIn: User | null },
  { user: User; claimed: number }
> = async (services, props) => {
  const { store } = services;
  // Checked before the token is used up: a link opened in the wrong place stays valid.
  if (!props.signedIn) {
    throw unauthorized(SIGN_IN_TO_CONFIRM_MESSAGE, { success: false, sign_in_required: true });
  }
  const found = await consumeToken(
    store,
    props.token,
    ['verify_email', 'change_email', 'claim_agent'],
    services.now(),
  );
  if (found?.purpose === 'claim_agent') return claimByLink(services, found, props.token, props.signedIn);
  const user = found ? await store.users.findById(found.user_id) : null;
  if (!found || !user) throw badRequest(LINK_INVALID_MESSAGE, { success: false });
  if (user.id !== props.signedIn.id) {
    await restoreToken(services, { token: props.token, found });
    throw forbidden(OTHER_ACCOUNT_MESSAGE, { success: false });
  }
  let updated: User;
  if (found.purpose === 'change_email' && found.data) {
    try {
      updated =
        (await store.users.update(user.id, { email: found.data, email_verified_at: nowIso(services) })) ??
        user;
    } catch (error) {
      if (error instanceof DuplicateUserError) throw conflict(ADDRESS_TAKEN_MESSAGE, { success: false });
      throw error;
    }
  } else {
    updated = await markVerified(services, user);
  }
  return {
    user: updated,
    claimed: await claimNamedAgents(services, { user: updated, agentIds: found.agent_ids }),
  };
};

/** A claim link: for whoever is signed in to the provider account of the address it was sent to. */
async function claimByLink(
  services: Services,
  found: OneTimeToken,
  token: string,
  signedIn: User,
): Promise<{ user: User; claimed: number }> {
  const address = normalizeEmail(found.data ?? '');
  if (signedIn.user_type !== 'agent_provider' || normalizeEmail(signedIn.email) !== address) {
    await restoreToken(services, { token, found });
    throw forbidden(CLAIM_OTHER_ACCOUNT_MESSAGE, { success: false });
  }
  // The link came to this address: opening it in the account's session proves the address too.
  const user = await markVerified(services, signedIn);
  return { user, claimed: await claimNamedAgents(services, { user, agentIds: found.agent_ids }) };
}

async function markVerified(services: Services, user: User): Promise<User> {
  if (user.email_verified_at) return user;
  return (await services.store.users.update(user.id, { email_verified_at: nowIso(services) })) ?? user;
}

/**
 * Lists and gives a provider the agents a link named, if they are still unowned, registered under
 * the account's (now verified) address, and listed or held for this claim. Returns how many passed.
 */
export const claimNamedAgents: Action<
  'store' | 'logger',
  { user: User; agentIds: string[] },
  number
> = async (services, { user, agentIds }) => {
  if (user.user_type !== 'agent_provider' || !user.email_verified_at || agentIds.length === 0) return 0;
  const claimed = await services.store.agents.claimListed({ agentIds, email: user.email, ownerId: user.id });
  if (claimed.length > 0)
    services.logger.info(
      { userId: user.id, claimed: claimed.length },
      'agents passed to their account by link',
    );
  return claimed.length;
};

/** Puts a used-up link back as it was (it was opened where it does not count). */
export const restoreToken: Action<'store', { token: string; found: OneTimeToken }> = async (
  services,
  { token, found },
) => {
  await services.store.tokens.issue({
    ...found,
    token_hash: hashToken(token),
    expires_at: new Date(found.expires_at),
  });
};

const nowIso = (services: Services) => new Date(services.now()).toISOString();
