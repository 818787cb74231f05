import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorText, failureText, fieldErrors } from '../lib/api/api-client';
import { startCheckout } from '../lib/api/start-checkout';
import { useAuth } from '../lib/auth/auth-provider';
import { createAccount, type NewAccount } from '../lib/auth/create-account';
import { navigateAway } from '../utils/navigate-away';

// The sign-up sequence of spec section 4, for a provider's account setup and an employer's signup
// alike: create the user (the server signs it in), open a checkout for its plan, go to it.
// Once the account exists only the checkout is retried: creating it again would answer that the
// e-mail already has an account.

export type SignupPhase = 'idle' | 'creating' | 'opening-checkout' | 'leaving';

export interface SignupFailure {
  message: string;
  /** The e-mail already has an account: offer sign-in. */
  accountExists?: boolean;
  /** The account already pays: offer the subscription page. */
  alreadySubscribed?: boolean;
}

export const SIGNUP_MESSAGES = {
  invalidResponse: 'Invalid response from server',
  accountFailed: 'Failed to create account',
  subscriptionFailed: 'Failed to create subscription',
} as const;

class InvalidResponse extends Error {}

function accountFailure(error: unknown): SignupFailure {
  return {
    message: failureText(error, SIGNUP_MESSAGES.accountFailed),
    accountExists: error instanceof ApiError && error.status === 409,
  };
}

function checkoutFailure(error: unknown): SignupFailure {
  if (error instanceof InvalidResponse) return { message: SIGNUP_MESSAGES.invalidResponse };
  return {
    message: errorText(error, SIGNUP_MESSAGES.subscriptionFailed),
    alreadySubscribed: error instanceof ApiError && error.status === 409,
  };
}

export function useAccountSignup() {
  const { signIn, refresh } = useAuth();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<SignupPhase>('idle');
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const [createdUserId, setCreatedUserId] = useState<string | null>(null);

  /** Opens a checkout for the account's plan and leaves for it (also the upgrade's one step). */
  async function openCheckout(userId: string) {
    setPhase('opening-checkout');
    setFailure(null);
    try {
      const { url } = await startCheckout(userId);
      if (!url) throw new InvalidResponse();
      setPhase('leaving');
      // The built-in test checkout is a page of this app: opened by the router, the form stays
      // busy until that page is there (a full load showed a bare "Loading..." for about a second
      // after "Create account"). Stripe's checkout is another site: a full page load.
      if (/^\/(?!\/)/.test(url)) navigate(url);
      else navigateAway(url);
    } catch (error) {
      setFailure(checkoutFailure(error));
      setPhase('idle');
    }
  }

  async function createAndSubscribe(account: NewAccount) {
    setPhase('creating');
    setFailure(null);
    setServerFieldErrors({});
    let userId: string;
    try {
      const answer = await createAccount(account);
      if (!answer?.user_id) {
        setFailure({ message: SIGNUP_MESSAGES.invalidResponse });
        setPhase('idle');
        return;
      }
      userId = answer.user_id;
      // The server signed the new account in; the header and later pages should know it.
      if (answer.user)
        signIn({ ...answer.user, user_type: answer.user_type ?? answer.user.user_type ?? account.user_type });
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

  return {
    phase,
    failure,
    serverFieldErrors,
    /** Set once the account exists; from then on only the checkout is retried. */
    createdUserId,
    createAndSubscribe,
    openCheckout,
  };
}
