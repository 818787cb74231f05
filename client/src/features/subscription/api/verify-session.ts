import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

export interface VerifiedSession {
  success: boolean;
  ok: boolean;
  subscription_status: string;
  /** The plan paid for: 'agent_provider' or 'employer'. */
  plan: string;
  payments_mode: 'test' | 'stripe';
}

/** POST /api/verify-session: confirms the checkout the browser came back from was paid; 400 otherwise. */
export function verifySession(sessionId: string, signal?: AbortSignal): Promise<VerifiedSession> {
  return sendWithCsrf<VerifiedSession>('/api/verify-session', {
    method: 'POST',
    body: { session_id: sessionId },
    signal,
  });
}
