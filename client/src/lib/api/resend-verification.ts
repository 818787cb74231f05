import { sendWithCsrf } from './send-with-csrf';

/** POST /api/auth/resend-verification: sends the signed-in account's confirmation link again. */
export function resendConfirmation(): Promise<{ success: boolean; message: string }> {
  return sendWithCsrf('/api/auth/resend-verification', { method: 'POST' });
}
