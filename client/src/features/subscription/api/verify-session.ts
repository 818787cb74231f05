import type { VerifiedSession } from '@agentry/domain/contract/subscriptions';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

export type { VerifiedSession };

/** POST /api/verify-session: confirms the checkout the browser came back from was paid; 400 otherwise. */
export function verifySession(sessionId: string, signal?: AbortSignal): Promise<VerifiedSession> {
  return sendWithCsrf<VerifiedSession>('/api/verify-session', {
    method: 'POST',
    body: { session_id: sessionId },
    signal,
  });
}
