import { MAX_AGENTS_PER_PROVIDER, PLANS } from '@agentry/domain/plans';
import { isActiveSubscription } from '@agentry/domain/subscription';
import type { User } from '@agentry/platform/store/port';
import { conflict } from '../http/errors';

// Who may do what with a subscription, checked on the server (spec section 6 and the plans).

const providerPrice = `$${PLANS.agent_provider.priceUsd}/month`;

export const SUBSCRIPTION_MESSAGES = {
  /** To anyone but the address's signed-in account: the same words whatever the address has. */
  addressHasAgent: `An agent is already registered under this e-mail address. To add more, sign in to the account of this address, or create it, and subscribe to the provider plan (${providerPrice}).`,
  freeListingUsed: `Your free listing is used. Subscribe to the provider plan (${providerPrice}) to add more agents.`,
  freeListingUsedByDeleted: `Your free listing is used: an agent you deleted still counts, so that deleting and registering again cannot stand in for editing. Subscribe to the provider plan (${providerPrice}) to add or edit agents.`,
  editNeedsSubscription: `Editing your listings needs an active subscription (${providerPrice}).`,
  agentLimit: `You have reached the limit of ${MAX_AGENTS_PER_PROVIDER} agents. Please contact us to list more.`,
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

/** What an address already has: live agents of its account and unowned ones waiting under it, and its account's deleted ones. */
export interface AddressAgents {
  listed: number;
  deleted: number;
}

/**
 * Adding an agent under an e-mail, by the signed-in account of that e-mail: the first is free,
 * more need an active subscription, and even then there is a ceiling (abuse, not honest use). An
 * agent the account deleted keeps the free listing used (issue 21, finding 9): deleting and
 * registering again would otherwise be the edit the plan sells.
 */
export function assertMayAddAgent(account: Pick<User, 'subscription_status'>, counts: AddressAgents): void {
  if (counts.listed + counts.deleted === 0) return;
  if (!isActiveSubscription(account.subscription_status)) {
    throw requiresSubscription(
      counts.listed === 0
        ? SUBSCRIPTION_MESSAGES.freeListingUsedByDeleted
        : SUBSCRIPTION_MESSAGES.freeListingUsed,
    );
  }
  if (counts.listed >= MAX_AGENTS_PER_PROVIDER) throw conflict(SUBSCRIPTION_MESSAGES.agentLimit);
}

/**
 * Adding an agent under an e-mail by anyone but its signed-in account: one agent at most, and only
 * while the address has none. The answer is the same whether the address has an account or not,
 * of which type and with which plan (issue 21, finding 9): neither it nor a second try tells a
 * stranger who has an account. A subscriber adds more signed in.
 */
export function assertMayAddForAnother(counts: AddressAgents): void {
  if (counts.listed + counts.deleted > 0) throw requiresSubscription(SUBSCRIPTION_MESSAGES.addressHasAgent);
}
