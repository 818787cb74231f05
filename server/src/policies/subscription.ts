import { MAX_AGENTS_PER_PROVIDER, PLANS } from '@agentry/domain/plans';
import { isActiveSubscription } from '@agentry/domain/subscription';
import type { User } from '@agentry/platform/store/port';
import { conflict } from '../http/errors';

// Who may do what with a subscription, checked on the server (spec section 6 and the plans).

const providerPrice = `$${PLANS.agent_provider.priceUsd}/month`;

export const SUBSCRIPTION_MESSAGES = {
  freeListingUsedNoAccount: `You have already listed your free agent. Create an account and subscribe (${providerPrice}) to add more agents.`,
  freeListingUsed: `Your free listing is used. Subscribe to the provider plan (${providerPrice}) to add more agents.`,
  editNeedsSubscription: `Editing your listings needs an active subscription (${providerPrice}).`,
  agentLimit: `You have reached the limit of ${MAX_AGENTS_PER_PROVIDER} agents. Please contact us to list more.`,
  alreadyWaiting:
    'An agent registered under this address is waiting for its owner to confirm it. Sign in to the account of this address to add more agents.',
} as const;

/** The 409 the client answers with the Create Account & Subscribe prompt (spec section 4). */
export const requiresSubscription = (message: string) =>
  conflict(message, { message, requires_subscription: true });

/** Editing a listing: only with an active subscription. */
export function assertMayEditListings(user: Pick<User, 'subscription_status'>): void {
  if (!isActiveSubscription(user.subscription_status)) {
    throw requiresSubscription(SUBSCRIPTION_MESSAGES.editNeedsSubscription);
  }
}

/**
 * Adding an agent under an e-mail, by its signed-in owner, when the e-mail already has `listed`
 * agents: the first is free, more need an active subscription, and even then there is a ceiling
 * (abuse, not honest use).
 */
export function assertMayAddAgent(account: Pick<User, 'subscription_status'> | null, listed: number): void {
  if (listed === 0) return;
  if (!account) throw requiresSubscription(SUBSCRIPTION_MESSAGES.freeListingUsedNoAccount);
  if (!isActiveSubscription(account.subscription_status)) {
    throw requiresSubscription(SUBSCRIPTION_MESSAGES.freeListingUsed);
  }
  if (listed >= MAX_AGENTS_PER_PROVIDER) throw conflict(SUBSCRIPTION_MESSAGES.agentLimit);
}

/**
 * Adding an agent under an e-mail by anyone but its signed-in owner. The owner's paid allowance is
 * not theirs to spend: an address holds at most one agent waiting for its owner to confirm it, and
 * an address whose free listing is used needs its account subscribed, as above.
 */
export function assertMayAddForAnother(
  account: Pick<User, 'subscription_status'> | null,
  counts: { listed: number; waiting: number },
): void {
  if (!account || !isActiveSubscription(account.subscription_status)) {
    assertMayAddAgent(account, counts.listed);
    return;
  }
  if (counts.waiting > 0) throw conflict(SUBSCRIPTION_MESSAGES.alreadyWaiting);
}
