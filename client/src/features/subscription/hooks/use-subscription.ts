import { useState } from 'react';
import { useAsync } from '../../../hooks/use-async';
import { errorText } from '../../../lib/api/api-client';
import { changeSubscription, type SubscriptionAction } from '../api/change-subscription';
import { getSubscription, type SubscriptionDetails } from '../api/get-subscription';

// The manage page's data: the subscription as loaded, then as each cancel or reactivate left it
// (their answers carry the same fields), with the server's message about what happened. That
// message is information, not a success: after a cancel it says when access ends.

export interface SubscriptionNotice {
  kind: 'info' | 'error';
  text: string;
}

const FAILURES: Record<SubscriptionAction, string> = {
  cancel: 'Failed to cancel subscription',
  reactivate: 'Failed to reactivate subscription',
};

export function useSubscription() {
  const loaded = useAsync('subscription', (signal) => getSubscription(signal));
  const [changed, setChanged] = useState<SubscriptionDetails | null>(null);
  const [running, setRunning] = useState<SubscriptionAction | null>(null);
  const [notice, setNotice] = useState<SubscriptionNotice | null>(null);

  async function change(action: SubscriptionAction) {
    setRunning(action);
    setNotice(null);
    try {
      const { message, ...details } = await changeSubscription(action);
      setChanged(details);
      setNotice({ kind: 'info', text: message });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error, FAILURES[action]) });
    } finally {
      setRunning(null);
    }
  }

  return {
    loading: loaded.status === 'loading' || loaded.status === 'idle',
    loadError:
      loaded.status === 'error' ? errorText(loaded.error, 'Failed to load subscription details') : null,
    details: changed ?? (loaded.status === 'success' ? loaded.data : null),
    running,
    notice,
    change,
  };
}
