import { useEffect } from 'react';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
import { useAuth } from '../../../lib/auth/auth-provider';
import { type VerifiedSession, verifySession } from '../api/verify-session';

/**
 * Verifies the checkout the browser came back from (null: no session id, nothing to verify), then
 * re-reads the signed-in user so the header, dashboards and upgrade offers see the new
 * subscription_status rather than the one from before the payment.
 */
export function useVerifiedSession(sessionId: string | null): AsyncState<VerifiedSession> {
  const { refresh } = useAuth();
  const verified = useAsync(sessionId, (signal) => verifySession(sessionId ?? '', signal));
  const succeeded = verified.status === 'success';
  useEffect(() => {
    if (succeeded) void refresh();
  }, [succeeded, refresh]);
  return verified;
}
