import type { ResendVerificationAnswer } from '@agentry/domain/contract/accounts';
import { sendWithCsrf } from './send-with-csrf';

/** POST /api/auth/resend-verification: sends the signed-in account's confirmation link again. */
export function resendVerification(): Promise<ResendVerificationAnswer> {
  return sendWithCsrf('/api/auth/resend-verification', { method: 'POST' });
}
