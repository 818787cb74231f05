import { useState } from 'react';
import { errorText } from '../../../lib/api/api-client';
import { navigateAway } from '../../../utils/navigate-away';
import { finishTestCheckout } from '../api/test-checkout';

// Pay or Cancel on the test checkout, then leave for the page the server names, as Stripe's
// checkout sends the browser back to the success or cancel URL.

export type FinishAction = 'pay' | 'cancel';

const FAILURES: Record<FinishAction, string> = {
  pay: 'Failed to complete the test payment. Please try again.',
  cancel: 'Failed to cancel the checkout. Please try again.',
};

export function useFinishCheckout(sessionId: string) {
  /** The action under way (the buttons stay disabled until the browser has left). */
  const [running, setRunning] = useState<FinishAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function finish(action: FinishAction) {
    setRunning(action);
    setFailure(null);
    try {
      const { redirect_url } = await finishTestCheckout(sessionId, action);
      if (!redirect_url) throw new Error('No redirect');
      navigateAway(redirect_url);
    } catch (error) {
      setFailure(errorText(error, FAILURES[action]));
      setRunning(null);
    }
  }

  return { running, failure, finish };
}
