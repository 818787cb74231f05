import { useState } from 'react';
import { ApiError, errorText, fieldErrors } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { navigateAway } from '../../../utils/navigate-away';
import { createAccount, type NewProviderAccount } from '../api/create-account';
import { startCheckout } from '../api/start-checkout';

// The account setup sequence of spec section 4: create the user (the server signs it in), create
// its subscription, leave for the checkout. Once the account exists only the checkout is retried:
// creating it again would answer that the e-mail already has an account.

export type SetupPhase = 'idle' | 'creating' | 'opening-checkout' | 'leaving';

export interface SetupFailure {
  message: string;
  /** The e-mail already has an account: offer sign-in. */
  accountExists?: boolean;
  /** The account already pays: offer the subscription page. */
  alreadySubscribed?: boolean;
}

export const SETUP_MESSAGES = {
  invalidResponse: 'Invalid response from server',
  accountFailed: 'Failed to create account',
  accountUnreachable: 'Failed to create account. Please try again.',
  subscriptionFailed: 'Failed to create subscription',
} as const;

function accountFailure(error: unknown): SetupFailure {
  if (!(error instanceof ApiError)) return { message: SETUP_MESSAGES.accountUnreachable };
  return { message: errorText(error, SETUP_MESSAGES.accountFailed), accountExists: error.status === 409 };
}

export function useAccountSetup() {
  const { signIn, refresh } = useAuth();
  const [phase, setPhase] = useState<SetupPhase>('idle');
  const [failure, setFailure] = useState<SetupFailure | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const [createdUserId, setCreatedUserId] = useState<string | null>(null);

  /** Opens a checkout for the account's plan and leaves for it (also the upgrade's one step). */
  async function openCheckout(userId: string) {
    setPhase('opening-checkout');
    setFailure(null);
    try {
      const { url } = await startCheckout(userId);
      if (!url) throw new Error(SETUP_MESSAGES.subscriptionFailed);
      setPhase('leaving');
      navigateAway(url);
    } catch (error) {
      setFailure({
        message: errorText(error, SETUP_MESSAGES.subscriptionFailed),
        alreadySubscribed: error instanceof ApiError && error.status === 409,
      });
      setPhase('idle');
    }
  }

  async function createAndSubscribe(account: NewProviderAccount) {
    setPhase('creating');
    setFailure(null);
    setServerFieldErrors({});
    let userId: string;
    try {
      const answer = await createAccount(account);
      if (!answer?.user_id) {
        setFailure({ message: SETUP_MESSAGES.invalidResponse });
        setPhase('idle');
        return;
      }
      userId = answer.user_id;
      // The server signed the new account in; the header and later pages should know it.
      if (answer.user)
        signIn({ ...answer.user, user_type: answer.user.user_type ?? answer.user_type ?? account.user_type });
      else await refresh();
    } catch (error) {
      setFailure(accountFailure(error));
      setServerFieldErrors(fieldErrors(error));
      setPhase('idle');
      return;
    }
    setCreatedUserId(userId);
    await openCheckout(userId);
  }

  return { phase, failure, serverFieldErrors, createdUserId, createAndSubscribe, openCheckout };
}
