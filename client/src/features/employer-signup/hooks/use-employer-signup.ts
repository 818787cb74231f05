import { useState } from 'react';
import { ApiError, errorText, fieldErrors } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { navigateAway } from '../../../utils/navigate-away';
import { createAccount, type NewAccount } from '../api/create-account';
import { startCheckout } from '../api/start-checkout';

// The employer signup sequence: create the account (which signs it in), open a checkout for the
// employer plan, leave for it. If the checkout fails to open, the account already exists, so a
// retry only asks for the checkout again (creating it twice would answer "already exists").

export type SignupPhase = 'idle' | 'creating' | 'opening-checkout' | 'leaving';

export interface SignupFailure {
  message: string;
  /** The e-mail already has an account: offer sign-in instead. */
  accountExists?: boolean;
}

const INVALID_RESPONSE = 'Invalid response from server';

function accountFailure(error: unknown): SignupFailure {
  if (!(error instanceof ApiError)) return { message: 'Failed to create account. Please try again.' };
  return { message: errorText(error, 'Failed to create account'), accountExists: error.status === 409 };
}

export function useEmployerSignup() {
  const { signIn } = useAuth();
  const [phase, setPhase] = useState<SignupPhase>('idle');
  const [createdUserId, setCreatedUserId] = useState<string | null>(null);
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});

  async function openCheckout(userId: string) {
    setPhase('opening-checkout');
    setFailure(null);
    try {
      const { url } = await startCheckout(userId);
      if (!url) throw new Error(INVALID_RESPONSE);
      setPhase('leaving');
      navigateAway(url);
    } catch (error) {
      setFailure({
        message:
          error instanceof ApiError
            ? errorText(error, 'Failed to create subscription')
            : error instanceof Error && error.message === INVALID_RESPONSE
              ? INVALID_RESPONSE
              : 'Failed to create subscription',
      });
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
      if (!answer.user_id || !answer.user) {
        setFailure({ message: INVALID_RESPONSE });
        setPhase('idle');
        return;
      }
      signIn({ ...answer.user, user_type: answer.user_type ?? answer.user.user_type });
      userId = answer.user_id;
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
    retryCheckout: () => (createdUserId ? openCheckout(createdUserId) : Promise.resolve()),
  };
}
